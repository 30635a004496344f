/** The shops area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import { PREFIX, type AreaRoutes } from '../area.ts';
import { dailyManagementRoutes } from './dailyManagement.ts';
import { payMethodRoutes } from './payMethodRoutes.ts';
import { reportConfigRoutes } from './reportConfig.ts';
import { shopProfileRoutes } from './shopProfile.ts';
import './merchants.ts';
import './shopExtras.ts';
import './priceCheck.ts';
import './shopImports.ts';
import './onlineOrders.ts';
import './shopPoi.ts';

export const routes: AreaRoutes = async (app, { services }) => {
  await app.register(payMethodRoutes, { prefix: PREFIX.shop });
  await app.register(dailyManagementRoutes, { prefix: PREFIX.shop });
  await app.register(shopProfileRoutes(services), { prefix: PREFIX.shop });
  await app.register(reportConfigRoutes, { prefix: PREFIX.shop });
};
