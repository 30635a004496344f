import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, offsetOf, pageParamsSchema } from '../../http/envelope.ts';
import { fileStamp } from '../../http/fileStamp.ts';
import { grantedMenuKeys } from '../../permissions.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { taskAction } from './codes.ts';
import { definitionRows, deleteDeployment, deployDefinition, setSuspension } from './definitions.ts';
import { completeTask, startProcess, transferTask } from './instances.ts';
import { instanceAudit, instanceDetails, listInstances, myDoneTasks, myPendingTasks } from './lists.ts';
import { firstManagedShop, listShopManagers, setShopManager } from './shopManagers.ts';
import { dictionaryItems } from '../../system/dictionary.ts';
import { boundedString, idField } from '../../http/fields.ts';

/**
 * 审批流程 (wxy-process-server, spec 000/001 "Approval process"): the calls of calls.json's area, under
 * /api/wxy-process-server. Permissions are the 审批流程 menu's buttons (schemas/menus/process.json).
 */

const tags = ['wxy-process-server'];
export const PROCESS_PERMS = {
  definitionList: 'process:definition:list',
  deploy: 'process:definition:deploy',
  suspend: 'process:definition:suspend',
  remove: 'process:definition:delete',
  todo: 'process:task:todo',
  complete: 'process:task:complete',
  transfer: 'process:task:transfer',
  done: 'process:task:done',
  instances: 'process:instance:list',
  tryRun: 'process:instance:start',
  shopManager: 'process:shopManager:edit',
} as const;

const pageParams = (extra: Record<string, object> = {}) => ({
  ...pageParamsSchema,
  properties: { ...pageParamsSchema.properties, ...extra },
});
const taskQuery = {
  type: 'object',
  properties: { title: boundedString('标题', 100), processKey: boundedString('流程标识', 64), businessType: boundedString('业务类型', 48) },
};

type Paged = { Params: { pageNum: number; pageSize: number } };

/** 流程实例 rights (or admin): read every instance rather than only those one applied for or approved. */
async function canListAll(req: FastifyRequest): Promise<boolean> {
  const auth = req.auth!;
  if (auth.isAdmin) return true;
  return req.tenantTx(async (tx) => (await grantedMenuKeys(tx, auth)).has(PROCESS_PERMS.instances));
}

export const processRoutes = async (app: FastifyInstance) => {
  // A .bpmn file may also be posted as the body itself (Content-Type application/xml or text/xml).
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (_req, body, done) => done(null, { bpmnXml: body }));
  app.get<Paged & { Querystring: { key?: string; name?: string; latest?: boolean; processDefinitionId?: number; withXml?: boolean } }>(
    '/process/definition/list/:pageNum/:pageSize',
    {
      config: { perm: PROCESS_PERMS.definitionList },
      schema: {
        tags,
        summary: '流程定义列表（每个版本一行；latest=true 只列最新版本；withXml=true 带 BPMN XML，设计器打开用）',
        params: pageParams(),
        querystring: {
          type: 'object',
          properties: { key: boundedString('流程标识', 64), name: boundedString('流程名称', 64), latest: { type: 'boolean', title: '只看最新版本' }, processDefinitionId: idField('流程定义ID'), withXml: { type: 'boolean', title: '带XML' } },
        },
      },
    },
    async (req) => {
      const { pageNum, pageSize } = req.params;
      const q = req.query;
      return ok(
        await req.tenantTx((tx) => definitionRows(tx, { key: q.key, name: q.name, latest: q.latest, definitionId: q.processDefinitionId, withXml: q.withXml }, pageSize, offsetOf(pageNum, pageSize))).catch(asCallerError),
      );
    },
  );

  app.post<{ Body: { bpmnXml?: string; xml?: string; businessType?: string; description?: string } }>(
    '/process/definition/save/and/Deployment',
    {
      config: { perm: PROCESS_PERMS.deploy },
      schema: {
        tags,
        consumes: ['application/json', 'application/xml', 'text/xml'],
        summary: '保存并部署流程定义：BPMN 2.0 XML（JSON 的 bpmnXml，或直接以 application/xml 发送文件），流程 id 为流程标识；每次部署生成新版本，运行中的实例仍按原版本执行',
        body: {
          type: 'object',
          properties: {
            bpmnXml: { type: 'string', maxLength: 1_000_000, title: '流程文件（BPMN XML）' },
            xml: { type: 'string', maxLength: 1_000_000, title: '流程文件（BPMN XML）' },
            businessType: { type: 'string', maxLength: 48, pattern: '^[A-Za-z0-9_\\-]*$', 'x-msg': '业务类型只能包含字母、数字、_ 和 -', title: '业务类型' },
            description: boundedString('说明', 200),
          },
        },
      },
    },
    async (req) => {
      const b = req.body ?? {};
      const xml = b.bpmnXml ?? b.xml ?? '';
      return ok(await req.tenantTx((tx) => deployDefinition(tx, req.auth!, { bpmnXml: xml, businessType: b.businessType, description: b.description })), '部署成功');
    },
  );

  app.post<{ Params: { processDefinitionId: number; state: string } }>(
    '/process/definition/suspension/:processDefinitionId/:state',
    {
      config: { perm: PROCESS_PERMS.suspend },
      schema: {
        tags,
        summary: '挂起或激活流程定义：state 1 激活，2 挂起（挂起的版本不能发起新的审批）',
        params: { type: 'object', required: ['processDefinitionId', 'state'], properties: { processDefinitionId: idField('流程定义ID'), state: boundedString('状态', 16) } },
      },
    },
    async (req) => ok(await req.tenantTx((tx) => setSuspension(tx, req.params.processDefinitionId, req.params.state))),
  );

  app.delete<{ Params: { deploymentId: number; cascade: string } }>(
    '/process/definition/delete/:deploymentId/:cascade',
    {
      config: { perm: PROCESS_PERMS.remove },
      schema: {
        tags,
        summary: '删除部署：不级联时有审批中的实例则拒绝；级联时撤销审批中的实例并一并删除',
        params: { type: 'object', required: ['deploymentId', 'cascade'], properties: { deploymentId: idField('部署ID'), cascade: boundedString('级联', 8) } },
      },
    },
    async (req) => ok(await req.tenantTx((tx) => deleteDeployment(tx, req.auth!, req.params.deploymentId, req.params.cascade)), '删除成功'),
  );

  app.get<Paged & { Querystring: { title?: string; processKey?: string; businessType?: string } }>(
    '/process/task/agents/list/:pageNum/:pageSize',
    { config: { perm: PROCESS_PERMS.todo }, schema: { tags, summary: '我的待办：指派给我或我的角色的待审批任务', params: pageParams(), querystring: taskQuery } },
    async (req) => ok(await req.tenantTx((tx) => myPendingTasks(tx, req.auth!, req.query, req.params.pageSize, offsetOf(req.params.pageNum, req.params.pageSize)))),
  );

  app.get<Paged & { Querystring: { title?: string; processKey?: string; businessType?: string } }>(
    '/process/task/completes/list/:pageNum/:pageSize',
    { config: { perm: PROCESS_PERMS.done }, schema: { tags, summary: '我的已办：我同意或驳回的任务', params: pageParams(), querystring: taskQuery } },
    async (req) => ok(await req.tenantTx((tx) => myDoneTasks(tx, req.auth!, req.query, req.params.pageSize, offsetOf(req.params.pageNum, req.params.pageSize)))),
  );

  app.post<{ Params: { processInstanceId: number; taskId: number; taskType: string }; Body: { comment?: string } | undefined }>(
    '/process/task/complete/:processInstanceId/:taskId/:taskType',
    {
      config: { perm: PROCESS_PERMS.complete },
      schema: {
        tags,
        summary: '审批任务：taskType 1 同意，2 驳回（驳回须填意见，流程结束并退回申请人）；同一任务只能处理一次，只有审批人（或管理员）可以处理',
        params: {
          type: 'object',
          required: ['processInstanceId', 'taskId', 'taskType'],
          properties: { processInstanceId: idField('流程实例ID'), taskId: idField('任务ID'), taskType: boundedString('审批类型', 16) },
        },
        body: { type: ['object', 'null'], properties: { comment: boundedString('审批意见', 500) } },
      },
    },
    async (req) => {
      const action = taskAction(req.params.taskType);
      const r = await req.tenantTx((tx) =>
        completeTask(tx, req.auth!, { processInstanceId: req.params.processInstanceId, taskId: req.params.taskId, action, comment: req.body?.comment }),
      );
      return ok(r, action === 'approve' ? '已同意' : '已驳回');
    },
  );

  app.post<{ Body: { taskId: number; userId: number | string; comment?: string } }>(
    '/process/task/transferTask',
    {
      config: { perm: PROCESS_PERMS.transfer },
      schema: {
        tags,
        summary: '转交任务：把待审批任务交给同事（用户ID或登录名）',
        body: {
          type: 'object',
          required: ['taskId', 'userId'],
          properties: {
            taskId: idField('任务ID'),
            userId: { anyOf: [{ type: 'integer', minimum: 1, maximum: 2147483647 }, { type: 'string', minLength: 1, maxLength: 24 }], title: '转交对象' },
            comment: boundedString('转交说明', 500),
          },
        },
      },
    },
    async (req) => ok(await req.tenantTx((tx) => transferTask(tx, req.auth!, req.body)), '转交成功'),
  );

  app.get<Paged & { Querystring: { title?: string; processKey?: string; businessType?: string; status?: number; applicantName?: string; mine?: boolean } }>(
    '/process/instance/list/:pageNum/:pageSize',
    {
      config: { perm: PROCESS_PERMS.instances },
      schema: {
        tags,
        summary: '流程实例列表（status 1 审批中，2 已通过，3 已驳回，4 已撤销；mine=true 只看我发起的）',
        params: pageParams(),
        querystring: {
          type: 'object',
          properties: {
            ...taskQuery.properties,
            status: { type: 'integer', enum: [1, 2, 3, 4], title: '状态' },
            applicantName: boundedString('申请人', 48),
            mine: { type: 'boolean', title: '只看我发起的' },
          },
        },
      },
    },
    async (req) => ok(await req.tenantTx((tx) => listInstances(tx, req.auth!, req.query, req.params.pageSize, offsetOf(req.params.pageNum, req.params.pageSize)))),
  );

  app.get<{ Params: { processInstanceId: number } }>(
    '/process/instance/list/details/:processInstanceId',
    {
      // The applicant and the approvers read it from their notice; readableInstance checks who may.
      config: { anyUser: true },
      schema: {
        tags,
        summary: '流程实例详情：流程图、已走过的路径、每个任务（谁在何时同意或驳回、意见）与审批记录',
        params: { type: 'object', required: ['processInstanceId'], properties: { processInstanceId: idField('流程实例ID') } },
      },
    },
    async (req) => {
      const all = await canListAll(req);
      return ok(await req.tenantTx((tx) => instanceDetails(tx, req.auth!, req.params.processInstanceId, all)));
    },
  );

  app.post<{ Params: { processInstanceId: number } }>(
    '/process/instance/audit/:processInstanceId',
    {
      config: { anyUser: true },
      schema: {
        tags,
        summary: '流程实例审批记录：发起、同意、驳回、转交、结束，谁在何时做的与意见',
        params: { type: 'object', required: ['processInstanceId'], properties: { processInstanceId: idField('流程实例ID') } },
      },
    },
    async (req) => {
      const all = await canListAll(req);
      return ok(await req.tenantTx((tx) => instanceAudit(tx, req.auth!, req.params.processInstanceId, all)));
    },
  );

  app.post<{ Body: { processKey: string; title?: string; shopId?: number; variables?: Record<string, unknown> } }>(
    '/process/instance/start',
    {
      config: { perm: PROCESS_PERMS.tryRun },
      schema: {
        tags,
        summary: '试运行：以当前用户为申请人发起一个演示单据（业务类型 demo）的审批，检验刚部署的流程；门店默认为第一个设置了店长的门店',
        body: {
          type: 'object',
          required: ['processKey'],
          properties: {
            processKey: { type: 'string', minLength: 1, maxLength: 64, title: '流程标识' },
            title: boundedString('标题', 100),
            shopId: idField('门店'),
            variables: { type: 'object', title: '单据字段', additionalProperties: true, maxProperties: 50 },
          },
        },
      },
    },
    async (req) => {
      const b = req.body;
      const r = await req.tenantTx(async (tx) => {
        const shopId = b.shopId ?? req.auth!.shopId ?? (await firstManagedShop(tx));
        const stamp = fileStamp(req.server.businessTz);
        return startProcess(tx, req.auth!, {
          processKey: b.processKey,
          businessType: 'demo',
          businessId: `TRY-${stamp}-${Math.floor(Math.random() * 1e4).toString().padStart(4, '0')}`,
          title: b.title,
          variables: { ...(b.variables ?? {}), shopId },
        });
      });
      return ok(r, '已发起');
    },
  );

  app.get<Paged & { Querystring: { shopName?: string } }>(
    '/process/shop-manager/list/:pageNum/:pageSize',
    {
      config: { perm: PROCESS_PERMS.shopManager },
      schema: { tags, summary: '店长设置：每个门店的店长（“申请人的店长”审批步骤交给他）', params: pageParams(), querystring: { type: 'object', properties: { shopName: boundedString('门店名称', 24) } } },
    },
    async (req) => ok(await req.tenantTx((tx) => listShopManagers(tx, req.query.shopName, req.params.pageSize, offsetOf(req.params.pageNum, req.params.pageSize)))),
  );

  app.post<{ Body: { shopId: number; userId?: number | string | null } }>(
    '/process/shop-manager/save',
    {
      config: { perm: PROCESS_PERMS.shopManager },
      schema: {
        tags,
        summary: '设置门店店长（userId 为用户ID或登录名；空字符串则清除）',
        body: {
          type: 'object',
          required: ['shopId'],
          properties: {
            shopId: idField('门店'),
            userId: { anyOf: [{ type: 'integer', minimum: 1, maximum: 2147483647 }, { type: 'string', maxLength: 24 }], title: '店长' },
          },
        },
      },
    },
    async (req) => ok(await req.tenantTx((tx) => setShopManager(tx, req.auth!.tenantId, req.body.shopId, req.body.userId ?? null))),
  );

  app.get<{ Params: { code: string } }>(
    '/dictionary/list/:code',
    {
      config: { anyUser: true },
      schema: {
        tags,
        summary: '审批流程的数据字典（processStatus 实例状态、taskStatus 任务状态、processBusinessType 业务类型、processAssigneeType 审批人类型）',
        params: { type: 'object', required: ['code'], properties: { code: { type: 'string', title: '字典编码', maxLength: 48, pattern: '^[A-Za-z0-9_\\-]+$', 'x-msg': '字典编码格式不正确' } } },
      },
    },
    async (req) =>
      ok(await req.tenantTx((tx) => dictionaryItems(tx, req.params.code))),
  );
};
