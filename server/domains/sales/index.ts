/**
 * The public face of the sales area: the functions other areas and the server's shared layers may call. The rest of
 * the folder is the area's own; the boundary rule (.dependency-cruiser.cjs) refuses an import past this file. The
 * area's routes and registrations are its plugin (plugin.ts), which only the wiring list (server/domains/index.ts)
 * loads: a face that carried the routes would make every caller of one function import the whole area.
 */
export { exchangeOrder } from './exchange.ts';
export { groupPurchaseToOrder } from './groupPurchase.ts';
export { cartLines } from './cartSchema.ts';
export { balancePaidFen, PAY_TYPES, settlePayments } from './pricing.ts';
export { cartTotalFen, payableOf } from './cart.ts';
export { shopOf } from './registerShop.ts';
export { orderStatusName, ORDER_STATUS } from './saleDocument.ts';
export { refundOrder, settle, type SettlementInput } from './settlement.ts';
export { saveShipping } from './shippingHome.ts';
export { issueVouchers, writeOffVoucher } from './vouchers.ts';
export { salesPrintDefaults } from './printDefaults.ts';
export { shiftFigures } from './shiftFigures.ts';
