/**
 * The public face of the targets area: the functions other areas and the server's shared layers may call. The rest of
 * the folder is the area's own; the boundary rule (.dependency-cruiser.cjs) refuses an import past this file. The
 * area's routes and registrations are its plugin (plugin.ts), which only the wiring list (server/domains/index.ts)
 * loads: a face that carried the routes would make every caller of one function import the whole area.
 */
export { salesByDayAndSeller } from './sales.ts';
export { reachRate } from './split.ts';
export { figuresByPerson, reachInfo, shopOfTenant, targetOf, today, uniqueAsConflict, userTargetsOf, writeTarget } from './targets.ts';
