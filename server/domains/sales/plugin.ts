/** The sales area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import { PREFIX, type AreaRoutes } from '../area.ts';
import { catalogueRoutes } from './catalogueRoutes.ts';
import { orderRoutes } from './orderRoutes.ts';
import { parkedSaleRoutes } from './parkedSales.ts';
import { saleReportRoutes } from './saleReport.ts';
import { classRecordPayRoute, shiftPrintRoute, shiftRoutes } from './shifts.ts';
import './preSale.ts';
import './orderPay.ts';
import './vouchers.ts';
import './orderLookups.ts';
import './groupPurchase.ts';
import './exchange.ts';
import './lineRefund.ts';
import './orderEdit.ts';
import './shippingHome.ts';
import './platformConfig.ts';

export const routes: AreaRoutes = async (app, { services }) => {
  await app.register(orderRoutes(services.db, services), { prefix: PREFIX.order });
  await app.register(catalogueRoutes, { prefix: PREFIX.order });
  await app.register(shiftRoutes, { prefix: PREFIX.shop });
  await app.register(shiftPrintRoute(services), { prefix: PREFIX.shop });
  await app.register(classRecordPayRoute, { prefix: PREFIX.order });
  await app.register(saleReportRoutes, { prefix: PREFIX.order });
  await app.register(parkedSaleRoutes, { prefix: PREFIX.order });
};
