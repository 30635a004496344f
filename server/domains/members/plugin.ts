/** The members area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import { PREFIX, type AreaRoutes } from '../area.ts';
import { balanceRoutes } from './balanceRoutes.ts';
import { couponRoutes } from './couponRoutes.ts';
import { memberRoutes } from './memberRoutes.ts';
import './memberNotices.ts';
import './operationPlan.ts';

export const routes: AreaRoutes = async (app, { services }) => {
  await app.register(balanceRoutes(services.db), { prefix: PREFIX.order });
  await app.register(memberRoutes, { prefix: PREFIX.member });
  await app.register(couponRoutes, { prefix: PREFIX.member });
};
