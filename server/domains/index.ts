/**
 * The one wiring list of the business areas. Each area's plugin (server/domains/<area>/plugin.ts) registers its routes
 * and, when loaded, its document functions and hooks (server/documents/registry.ts); the resource routes refuse to
 * start when a descriptor names a function nobody registered. Other code reaches an area only through its public
 * face (index.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AreaContext } from './area.ts';
import { routes as aiBoxArea } from './aiBox/plugin.ts';
import { routes as analysisArea } from './analysis/plugin.ts';
import { routes as attendanceArea } from './attendance/plugin.ts';
import { routes as fulfilmentArea } from './fulfilment/plugin.ts';
import { routes as inspectArea } from './inspect/plugin.ts';
import { routes as meetingsArea } from './meetings/plugin.ts';
import { routes as membersArea } from './members/plugin.ts';
import { routes as periodArea } from './period/plugin.ts';
import { routes as pettyCashArea } from './pettyCash/plugin.ts';
import { routes as processArea } from './process/plugin.ts';
import { routes as promotionsArea } from './promotions/plugin.ts';
import { routes as reportsArea } from './reports/plugin.ts';
import { routes as salaryArea } from './salary/plugin.ts';
import { routes as salesArea } from './sales/plugin.ts';
import { routes as shopsArea } from './shops/plugin.ts';
import { routes as statsArea } from './stats/plugin.ts';
import { routes as stockArea } from './stock/plugin.ts';
import { routes as supplierAccountArea } from './supplierAccount/plugin.ts';
import { routes as targetsArea } from './targets/plugin.ts';
import { routes as trainingArea } from './training/plugin.ts';
import { routes as warehouseArea } from './warehouse/plugin.ts';
import '../system/craftsmenBind.ts';

const AREAS = [aiBoxArea, analysisArea, attendanceArea, fulfilmentArea, inspectArea, meetingsArea, membersArea, periodArea, pettyCashArea, processArea, promotionsArea, reportsArea, salaryArea, salesArea, shopsArea, statsArea, stockArea, supplierAccountArea, targetsArea, trainingArea, warehouseArea];

/** Registers every area's routes (inside the resource plugin: document actions need the descriptors, imports the multipart parser). */
export async function areaRoutes(app: FastifyInstance, ctx: AreaContext): Promise<void> {
  for (const routes of AREAS) await routes(app, ctx);
}
