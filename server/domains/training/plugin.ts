/** The training area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import { PREFIX, type AreaRoutes } from '../area.ts';
import { examRoutes } from './exams.ts';
import { trainingRoutes } from './routes.ts';
import './engineRoutes.ts';

export const routes: AreaRoutes = async (app, { services }) => {
  await app.register(trainingRoutes(services), { prefix: PREFIX.system });
  await app.register(examRoutes(), { prefix: PREFIX.system });
};
