/** The aiBox area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import { PREFIX, type AreaRoutes } from '../area.ts';
import { aiBoxRoutes } from './routes.ts';

export const routes: AreaRoutes = async (app, { services }) => {
  await app.register(aiBoxRoutes(services), { prefix: PREFIX.shop });
};
