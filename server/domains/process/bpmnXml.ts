/**
 * Builds small BPMN 2.0 documents for tests and the demo seed, with a simple left-to-right diagram (BPMN DI) so
 * the designer and the instance view can draw them: a node's column is its longest distance from the start.
 */
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
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" id="Definitions_${esc(key)}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${esc(key)}" name="${esc(name)}" isExecutable="true">
${body}
  </bpmn:process>
${diagram(key, els, flows)}
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

/** 考勤审批: the applicant's shop manager approves a leave, overtime, missed clock, ... request. */
export const attendanceXml = (key = 'attendance', name = '考勤审批') =>
  bpmnXml(
    key,
    name,
    [
      { type: 'startEvent', id: 'start', name: '提交申请' },
      { type: 'userTask', id: 'managerApprove', name: '店长审批', attrs: { 'flowable:assignee': '${shopManager}' } },
      { type: 'endEvent', id: 'end', name: '审批结束' },
    ],
    [
      { id: 'f1', from: 'start', to: 'managerApprove' },
      { id: 'f2', from: 'managerApprove', to: 'end' },
    ],
  );

/** 巡店审批: the inspected shop's manager confirms a shop inspection application (shop-inspect-apply). */
export const inspectXml = (key = 'inspect', name = '巡店审批') =>
  bpmnXml(
    key,
    name,
    [
      { type: 'startEvent', id: 'start', name: '提交巡店申请' },
      { type: 'userTask', id: 'managerApprove', name: '店长确认', attrs: { 'flowable:assignee': '${shopManager}' } },
      { type: 'endEvent', id: 'end', name: '审批结束' },
    ],
    [
      { id: 'f1', from: 'start', to: 'managerApprove' },
      { id: 'f2', from: 'managerApprove', to: 'end' },
    ],
  );

const SIZE: Record<El['type'], [number, number]> = {
  startEvent: [36, 36], endEvent: [36, 36], exclusiveGateway: [50, 50], parallelGateway: [50, 50], userTask: [100, 80], serviceTask: [100, 80], task: [100, 80],
};

function diagram(key: string, els: El[], flows: Fl[]): string {
  const col = new Map<string, number>();
  const start = els.find((e) => e.type === 'startEvent');
  if (start) col.set(start.id, 0);
  // Longest distance from the start, bounded by the element count (loops stop growing).
  for (let round = 0; round < els.length; round++) {
    for (const f of flows) {
      const c = col.get(f.from);
      if (c !== undefined && (col.get(f.to) ?? -1) < c + 1 && c + 1 < els.length) col.set(f.to, c + 1);
    }
  }
  const rows = new Map<number, number>();
  const centre = new Map<string, { x: number; y: number }>();
  const shapes = els.map((e) => {
    const c = col.get(e.id) ?? 0;
    const r = rows.get(c) ?? 0;
    rows.set(c, r + 1);
    const [w, h] = SIZE[e.type];
    const cx = 120 + c * 170;
    const cy = 140 + r * 130;
    centre.set(e.id, { x: cx, y: cy });
    return `      <bpmndi:BPMNShape id="${esc(e.id)}_di" bpmnElement="${esc(e.id)}"><dc:Bounds x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" /></bpmndi:BPMNShape>`;
  });
  const edges = flows.map((f) => {
    const a = centre.get(f.from) ?? { x: 0, y: 0 };
    const b = centre.get(f.to) ?? { x: 0, y: 0 };
    const half = (id: string) => SIZE[els.find((e) => e.id === id)?.type ?? 'task'];
    const [wa, ha] = half(f.from);
    const [wb, hb] = half(f.to);
    // Edges start and end on the shapes' borders; a flow skipping a column on the same row goes round underneath.
    const skips = Math.abs((col.get(f.to) ?? 0) - (col.get(f.from) ?? 0)) > 1;
    const points =
      a.y === b.y
        ? skips
          ? [{ x: a.x, y: a.y + ha / 2 }, { x: a.x, y: a.y + 90 }, { x: b.x, y: b.y + 90 }, { x: b.x, y: b.y + hb / 2 }]
          : [{ x: a.x + wa / 2, y: a.y }, { x: b.x - wb / 2, y: b.y }]
        : [{ x: a.x, y: a.y + (b.y > a.y ? ha / 2 : -ha / 2) }, { x: a.x, y: b.y }, { x: b.x - wb / 2, y: b.y }];
    return `      <bpmndi:BPMNEdge id="${esc(f.id)}_di" bpmnElement="${esc(f.id)}">${points.map((p) => `<di:waypoint x="${p.x}" y="${p.y}" />`).join('')}</bpmndi:BPMNEdge>`;
  });
  return `  <bpmndi:BPMNDiagram id="Diagram_${esc(key)}">
    <bpmndi:BPMNPlane id="Plane_${esc(key)}" bpmnElement="${esc(key)}">
${[...shapes, ...edges].join('\n')}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>`;
}
