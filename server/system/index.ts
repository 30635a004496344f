import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../context.ts';
import { userRoutes } from './users.ts';
import { lookupRoutes } from './lookups.ts';
import { loginRecordRoutes } from './loginRecords.ts';
import { messageRoutes } from '../messages/routes.ts';
import { jobRoutes } from '../jobs/routes.ts';
import { roleRoutes } from './roles.ts';
import { departmentRoutes } from './departments.ts';

/** wxy-system-server: the calls the shell and the personal centre make. */
export const systemRoutes = (services: AppServices) => async (app: FastifyInstance) => {
  await app.register(userRoutes(services));
  await app.register(lookupRoutes(services));
  await app.register(loginRecordRoutes());
  await app.register(messageRoutes(services));
  await app.register(jobRoutes);
  await app.register(roleRoutes);
  await app.register(departmentRoutes);
};
