/** The stock area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import { PREFIX, type AreaRoutes } from '../area.ts';
import { stockViewRoutes } from './stockViews.ts';

export const routes: AreaRoutes = async (app, { services }) => {
  await app.register(stockViewRoutes(services), { prefix: PREFIX.warehouse });
};
