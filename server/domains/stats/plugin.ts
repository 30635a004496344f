/** The stats area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import { PREFIX, type AreaRoutes } from '../area.ts';
import { dashboardRoutes } from './dashboard.ts';
import { scanCodeRoutes } from './scanCode.ts';
import { statsRoutes } from './statsRoutes.ts';
import { waitingDocuments } from '../../documents/catalog.ts';

export const routes: AreaRoutes = async (app, { set }) => {
  await app.register(statsRoutes, { prefix: PREFIX.order });
  await app.register(scanCodeRoutes, { prefix: PREFIX.order });
  await app.register(dashboardRoutes(waitingDocuments(set)), { prefix: PREFIX.order });
};
