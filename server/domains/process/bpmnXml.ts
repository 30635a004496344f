/** Builds small BPMN 2.0 documents for tests and the demo seed (no diagram: the designer lays one out on open). */
export interface El {
  type: 'startEvent' | 'endEvent' | 'userTask' | 'exclusiveGateway' | 'parallelGateway' | 'serviceTask' | 'task';
  id: string;
  name?: string;
  attrs?: Record<string, string>;
}
export interface Fl {
  id: string;
  from: string;
  to: string;
  cond?: string;
  name?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function bpmnXml(key: string, name: string, els: El[], flows: Fl[], defaults: Record<string, string> = {}): string {
  const attr = (a: Record<string, string | undefined>) => Object.entries(a).filter(([, v]) => v !== undefined).map(([k, v]) => ` ${k}="${esc(v!)}"`).join('');
  const body = [
    ...els.map((e) => `    <bpmn:${e.type}${attr({ id: e.id, name: e.name, default: defaults[e.id], ...e.attrs })} />`),
    ...flows.map((f) =>
      f.cond
        ? `    <bpmn:sequenceFlow${attr({ id: f.id, name: f.name, sourceRef: f.from, targetRef: f.to })}>\n      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${esc(f.cond)}</bpmn:conditionExpression>\n    </bpmn:sequenceFlow>`
        : `    <bpmn:sequenceFlow${attr({ id: f.id, name: f.name, sourceRef: f.from, targetRef: f.to })} />`,
    ),
  ].join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" id="Definitions_${key}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${esc(key)}" name="${esc(name)}" isExecutable="true">
${body}
  </bpmn:process>
</bpmn:definitions>`;
}

/** 备用金审批: the applicant's shop manager, then the finance role when the amount is above 500. */
export const pettyCashXml = (key = 'pettyCash', name = '备用金审批') =>
  bpmnXml(
    key,
    name,
    [
      { type: 'startEvent', id: 'start', name: '提交申请' },
      { type: 'userTask', id: 'managerApprove', name: '店长审批', attrs: { 'flowable:assignee': '${shopManager}' } },
      { type: 'exclusiveGateway', id: 'amountGateway', name: '金额判断' },
      { type: 'userTask', id: 'financeApprove', name: '财务审批', attrs: { 'flowable:candidateGroups': 'finance' } },
      { type: 'endEvent', id: 'end', name: '审批结束' },
    ],
    [
      { id: 'f1', from: 'start', to: 'managerApprove' },
      { id: 'f2', from: 'managerApprove', to: 'amountGateway' },
      { id: 'f3', from: 'amountGateway', to: 'financeApprove', name: '金额大于500', cond: '${amount > 500}' },
      { id: 'f4', from: 'amountGateway', to: 'end', name: '其他' },
      { id: 'f5', from: 'financeApprove', to: 'end' },
    ],
    { amountGateway: 'f4' },
  );
