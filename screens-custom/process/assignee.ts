/**
 * A user task's approver as the designer edits it, and the Flowable attributes the server reads
 * (server/domains/process/bpmn.ts): assignee = a user (id or login name), ${shopManager}, ${deptHead}, ${applicant};
 * candidateGroups = role codes.
 */
export type AssigneeKind = 'user' | 'users' | 'role' | 'shopManager' | 'deptHead' | 'applicant';

export interface AssigneeChoice {
  kind: AssigneeKind;
  /** Login name or id (user), login names separated by commas (users: any one of them), role codes separated by commas (role). */
  value: string;
}

export const ASSIGNEE_KINDS: { value: AssigneeKind; label: string }[] = [
  { value: 'shopManager', label: '申请人的店长' },
  { value: 'deptHead', label: '申请人的部门负责人' },
  { value: 'role', label: '角色' },
  { value: 'user', label: '指定用户' },
  { value: 'users', label: '多人（任一人审批即可）' },
  { value: 'applicant', label: '申请人' },
];

export interface AssigneeAttrs {
  assignee?: string;
  candidateGroups?: string;
  candidateUsers?: string;
}

export function readAssignee(a: AssigneeAttrs): AssigneeChoice | null {
  const assignee = a.assignee?.trim();
  if (assignee) {
    if (/^\$\{\s*(shopManager|applicantShopManager)\s*\}$/.test(assignee)) return { kind: 'shopManager', value: '' };
    if (/^\$\{\s*(deptHead|departmentHead)\s*\}$/.test(assignee)) return { kind: 'deptHead', value: '' };
    if (/^\$\{\s*(applicant|initiator|startUser)\s*\}$/.test(assignee)) return { kind: 'applicant', value: '' };
    return { kind: 'user', value: assignee };
  }
  if (a.candidateGroups?.trim()) return { kind: 'role', value: a.candidateGroups.trim() };
  if (a.candidateUsers?.trim()) return { kind: 'users', value: a.candidateUsers.trim() };
  return null;
}

type Attrs = { 'flowable:assignee': string | undefined; 'flowable:candidateGroups': string | undefined; 'flowable:candidateUsers': string | undefined };
const list = (v: string) => v.split(/[,，\s]+/).filter(Boolean).join(',') || undefined;

/** The attributes to set (undefined removes one). */
export function writeAssignee(c: AssigneeChoice): Attrs {
  const none: Attrs = { 'flowable:assignee': undefined, 'flowable:candidateGroups': undefined, 'flowable:candidateUsers': undefined };
  switch (c.kind) {
    case 'shopManager': return { ...none, 'flowable:assignee': '${shopManager}' };
    case 'deptHead': return { ...none, 'flowable:assignee': '${deptHead}' };
    case 'applicant': return { ...none, 'flowable:assignee': '${applicant}' };
    case 'user': return { ...none, 'flowable:assignee': c.value.trim() || undefined };
    case 'users': return { ...none, 'flowable:candidateUsers': list(c.value) };
    case 'role': return { ...none, 'flowable:candidateGroups': list(c.value) };
  }
}

export function describeAssignee(c: AssigneeChoice | null): string {
  if (!c) return '未设置审批人';
  const label = ASSIGNEE_KINDS.find((k) => k.value === c.kind)!.label;
  return c.value ? `${label}：${c.value}` : label;
}

/** A blank process for 新建流程: a start event only (bpmn-js draws the rest). */
export const blankProcessXml = (key = `process_${Date.now().toString(36)}`, name = '新流程') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:flowable="http://flowable.org/bpmn" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="${name}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" name="提交申请" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1"><dc:Bounds x="152" y="102" width="36" height="36" /></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
