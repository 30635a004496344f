/**
 * Loads every business domain's registered document functions (server/documents/registry.ts). One import
 * per area; the resource routes refuse to start when a descriptor names a function nobody registered.
 */
import './warehouse/otherStockIn.ts';
import './fulfilment/picking.ts';
import './warehouse/otherStockOut.ts';
import './warehouse/allocation.ts';
import './warehouse/purchase.ts';
import './warehouse/stocktake.ts';
import './warehouse/returnOrder.ts';
import './warehouse/supplierMrb.ts';
import './warehouse/returnImport.ts';
import './pettyCash/records.ts';
import './pettyCash/transfers.ts';
import './pettyCash/reconciliation.ts';
import './pettyCash/imports.ts';
import './shops/merchants.ts';
import './shops/shopExtras.ts';
import './shops/priceCheck.ts';
import './shops/shopImports.ts';
import './shops/onlineOrders.ts';
import './sales/preSale.ts';
import './sales/orderPay.ts';
import './sales/vouchers.ts';
import './sales/orderLookups.ts';
import './sales/groupPurchase.ts';
import './sales/exchange.ts';
import './sales/orderEdit.ts';
import './sales/shippingHome.ts';
import './sales/platformConfig.ts';
import './fulfilment/ecWhConfig.ts';
import './pettyCash/approval.ts';
import './shops/shopPoi.ts';
import './reports/contributionRoutes.ts';
import './attendance/clock.ts';
import './training/engineRoutes.ts';
import './attendance/requests.ts';
import './inspect/inspectApply.ts';
import './salary/documents.ts';
import './salary/salaryRoutes.ts';
import './reports/starRating.ts';
import './reports/accessReport.ts';
import '../system/craftsmenBind.ts';
import './promotions/documents.ts';
import './members/memberNotices.ts';
import './members/operationPlan.ts';
