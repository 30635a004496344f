/** The targets area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import { PREFIX, type AreaRoutes } from '../area.ts';
import { targetRoutes } from './targetRoutes.ts';

export const routes: AreaRoutes = async (app, _ctx) => {
  await app.register(targetRoutes, { prefix: PREFIX.shop });
};
