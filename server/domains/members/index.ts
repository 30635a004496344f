/**
 * The public face of the members area: the functions other areas and the server's shared layers may call. The rest of
 * the folder is the area's own; the boundary rule (.dependency-cruiser.cjs) refuses an import past this file. The
 * area's routes and registrations are its plugin (plugin.ts), which only the wiring list (server/domains/index.ts)
 * loads: a face that carried the routes would make every caller of one function import the whole area.
 */
export { giveBackBalance, recharge, restoreBalance, spendBalance } from './balance.ts';
export { couponForSale, giveCoupons, restoreCoupon, spendCoupon } from './coupons.ts';
export { executePlan } from './operationPlan.ts';
export { earnPoints, memberForSale, pointsFor, type SaleMember, takeBackPoints, takeBackPointsPart } from './points.ts';
