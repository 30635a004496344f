import type { FastifyInstance } from 'fastify';
import type { DescriptorSet } from '../../core/descriptors/types.ts';
import type { AppServices } from '../context.ts';

/** What an area's plugin is given: the services and the loaded descriptors (for document actions and page names). */
export interface AreaContext {
  services: AppServices;
  set: DescriptorSet;
}

/** An area's plugin: registers its routes, each under its service's prefix. */
export type AreaRoutes = (app: FastifyInstance, ctx: AreaContext) => Promise<void>;

/** The URL prefix of each service of the spec (§7): /api/wxy-<service>-server. */
export const PREFIX = {
  order: '/api/wxy-order-server',
  shop: '/api/wxy-shop-server',
  member: '/api/wxy-member-server',
  warehouse: '/api/wxy-warehouse-server',
  process: '/api/wxy-process-server',
  report: '/api/wxy-report-server',
  system: '/api/wxy-system-server',
} as const;
