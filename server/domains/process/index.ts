/**
 * The public face of the process area: the functions other areas and the server's shared layers may call. The rest of
 * the folder is the area's own; the boundary rule (.dependency-cruiser.cjs) refuses an import past this file. The
 * area's routes and registrations are its plugin (plugin.ts), which only the wiring list (server/domains/index.ts)
 * loads: a face that carried the routes would make every caller of one function import the whole area.
 */
export { attendanceXml, inspectXml, pettyCashXml } from './bpmnXml.ts';
export { deployDefinition } from './definitions.ts';
export { completeTask, startProcess, transferTask, type StartInput } from './instances.ts';
export { approvalFor } from './lists.ts';
export { onProcessEnd, PROCESS_NOTICE_TYPE, type ProcessEndEvent, registerProcessBusiness } from './registry.ts';
