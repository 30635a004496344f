/** The fulfilment area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import { PREFIX, type AreaRoutes } from '../area.ts';
import { onlineOrderRoutes } from './onlineOrders.ts';
import { fulfilmentRoutes } from './routes.ts';
import './picking.ts';
import './ecWhConfig.ts';

export const routes: AreaRoutes = async (app, { set }) => {
  await app.register(fulfilmentRoutes(set.resources), { prefix: PREFIX.warehouse });
  await app.register(onlineOrderRoutes(), { prefix: PREFIX.member });
};
