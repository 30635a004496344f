import { call } from '../../src/api/http';

/** The wxy-process-server calls the 审批流程 screens make (server/domains/process/routes.ts). */
const P = '/wxy-process-server/process';

export interface Page<T> {
  records: T[];
  total: number;
}

export interface Definition {
  processDefinitionId: number;
  deploymentId: number;
  key: string;
  name: string;
  version: number;
  suspensionState: 1 | 2;
  suspended: boolean;
  businessType: string | null;
  description: string | null;
  deployUserName: string | null;
  deployTime: string;
  latest: boolean;
  runningCount: number;
  bpmnXml?: string;
}

export interface Task {
  taskId: number;
  processInstanceId: number;
  taskDefinitionKey: string;
  taskName: string;
  assigneeName: string | null;
  candidateRoles: string[] | null;
  status: number;
  statusName: string;
  comment: string | null;
  completedByName: string | null;
  createTime: string;
  completeTime: string | null;
  processKey: string;
  processName: string;
  title: string;
  businessType: string;
  businessId: string;
  applicantName: string;
  instanceStatus: number;
  instanceStatusName: string;
  variables: Record<string, unknown>;
  startTime: string;
}

export interface Instance {
  processInstanceId: number;
  processDefinitionId: number;
  version: number;
  processKey: string;
  processName: string;
  title: string;
  businessType: string;
  businessId: string;
  status: number;
  statusName: string;
  applicantName: string;
  shopName: string | null;
  variables: Record<string, unknown>;
  startTime: string;
  endTime: string | null;
  currentTaskNames: string | null;
  currentAssignees: string | null;
}

export interface ShopManager {
  shopId: number;
  shopCode: string;
  shopName: string;
  userId: number | null;
  userName: string | null;
  managerName: string | null;
}

export interface HistoryRecord {
  id: number;
  taskId: number | null;
  nodeId: string | null;
  nodeName: string | null;
  action: string;
  actionName: string;
  userName: string | null;
  comment: string | null;
  createTime: string;
}

export interface InstanceDetails extends Instance {
  bpmnXml: string;
  path: string[];
  activeNodeIds: string[];
  tasks: Task[];
  history: HistoryRecord[];
}

const qs = (q: Record<string, unknown>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined && v !== null));

export const processApi = {
  dictionary: (code: string) => call<{ label: string; value: string }[]>({ method: 'GET', url: `/wxy-process-server/dictionary/list/${code}` }),
  definitions: (page: number, size: number, q: { name?: string; key?: string; latest?: boolean; processDefinitionId?: number; withXml?: boolean } = {}) =>
    call<Page<Definition>>({ method: 'GET', url: `${P}/definition/list/${page}/${size}`, params: qs(q) }),
  deploy: (bpmnXml: string, businessType?: string) =>
    call<Definition>({ method: 'POST', url: `${P}/definition/save/and/Deployment`, data: { bpmnXml, ...(businessType ? { businessType } : {}) } }),
  suspension: (id: number, state: 1 | 2) => call<unknown>({ method: 'POST', url: `${P}/definition/suspension/${id}/${state}` }),
  remove: (deploymentId: number, cascade: boolean) => call<unknown>({ method: 'DELETE', url: `${P}/definition/delete/${deploymentId}/${cascade}` }),
  todo: (page: number, size: number, q: { title?: string } = {}) => call<Page<Task>>({ method: 'GET', url: `${P}/task/agents/list/${page}/${size}`, params: qs(q) }),
  done: (page: number, size: number, q: { title?: string } = {}) => call<Page<Task>>({ method: 'GET', url: `${P}/task/completes/list/${page}/${size}`, params: qs(q) }),
  complete: (t: { processInstanceId: number; taskId: number }, taskType: 1 | 2, comment: string) =>
    call<{ statusName: string }>({ method: 'POST', url: `${P}/task/complete/${t.processInstanceId}/${t.taskId}/${taskType}`, data: { comment } }),
  transfer: (taskId: number, userId: string, comment: string) => call<{ assigneeName: string }>({ method: 'POST', url: `${P}/task/transferTask`, data: { taskId, userId, comment } }),
  instances: (page: number, size: number, q: { title?: string; status?: number | ''; processKey?: string } = {}) =>
    call<Page<Instance>>({ method: 'GET', url: `${P}/instance/list/${page}/${size}`, params: qs(q) }),
  tryRun: (processKey: string, variables: Record<string, unknown>, title?: string) =>
    call<{ processInstanceId: number; statusName: string; tasks: { taskName: string; assigneeName: string | null; candidateRoles: string[] | null }[] }>({
      method: 'POST',
      url: `${P}/instance/start`,
      data: { processKey, variables, ...(title ? { title } : {}) },
    }),
  shopManagers: (page: number, size: number, shopName?: string) =>
    call<Page<ShopManager>>({ method: 'GET', url: `${P}/shop-manager/list/${page}/${size}`, params: qs({ shopName }) }),
  saveShopManager: (shopId: number, userId: string) => call<ShopManager>({ method: 'POST', url: `${P}/shop-manager/save`, data: { shopId, userId } }),
  details: (id: number) => call<InstanceDetails>({ method: 'GET', url: `${P}/instance/list/details/${id}` }),
  audit: (id: number) => call<{ records: HistoryRecord[] }>({ method: 'POST', url: `${P}/instance/audit/${id}` }),
};
