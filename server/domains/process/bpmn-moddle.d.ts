// bpmn-moddle ships its element types under bpmn-moddle/types only; the entry point is typed here.
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>, options?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string, options?: Record<string, unknown>): Promise<{ rootElement: unknown; warnings: { message: string }[]; elementsById: Record<string, unknown> }>;
    toXML(element: unknown, options?: Record<string, unknown>): Promise<{ xml: string }>;
  }
}
