/** The warehouse area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import { PREFIX, type AreaRoutes } from '../area.ts';
import { returnOrderRoutes } from './returnOrder.ts';
import { stocktakeRoutes } from './stocktakeRoutes.ts';
import './otherStockIn.ts';
import './otherStockOut.ts';
import './allocation.ts';
import './purchase.ts';
import './stocktake.ts';
import './returnOrder.ts';
import './supplierMrb.ts';
import './returnImport.ts';

export const routes: AreaRoutes = async (app, { set }) => {
  await app.register(stocktakeRoutes(set.resources), { prefix: PREFIX.warehouse });
  await app.register(returnOrderRoutes, { prefix: PREFIX.warehouse });
};
