/** The process area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import { PREFIX, type AreaRoutes } from '../area.ts';
import { processRoutes } from './routes.ts';

export const routes: AreaRoutes = async (app, _ctx) => {
  await app.register(processRoutes, { prefix: PREFIX.process });
};
