/** The pettyCash area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import { PREFIX, type AreaRoutes } from '../area.ts';
import { pettyCashRoutes } from './routes.ts';
import './records.ts';
import './transfers.ts';
import './reconciliation.ts';
import './imports.ts';
import './approval.ts';

export const routes: AreaRoutes = async (app, _ctx) => {
  await app.register(pettyCashRoutes, { prefix: PREFIX.shop });
};
