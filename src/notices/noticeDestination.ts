/**
 * Where a notice leads (spec §2 "Notice navigation by businessType"). The message centre marks the
 * notice read by id first, then navigates here. Pure, so the bell and the message centre share it.
 */
export interface NoticeDestination {
  path: string;
  query: Record<string, string>;
  /** 16: open only if the document still exists; otherwise show 单据已被删除 (notice.deleted). */
  requiresExistenceCheck?: boolean;
}

export const NOTICE_DELETED_KEY = 'notice.deleted';

const PROMOTION_TYPE: Readonly<Record<number, string>> = { 7: '1', 14: '2', 35: '3', 34: '4' };

export function noticeDestination(businessType: number, businessId: string | number | null | undefined): NoticeDestination | null {
  const id: Record<string, string> = businessId === null || businessId === undefined ? {} : { id: String(businessId) };
  const to = (path: string, query: Record<string, string> = id): NoticeDestination => ({ path, query });
  if (businessType >= 19 && businessType <= 31) return to('/attendManage/attendAuditDetail');
  switch (businessType) {
    case 1: return to('/purchaseManage/procureDetail', { refresh: 'true', ...id });
    case 2: return to('/purchaseManage/placeDetail');
    case 3: return to('/storageManage/inventoryDetail');
    case 5: return to('/storageManage/otherInDetail');
    case 6: return to('/storageManage/otherOutDetail');
    case 7: case 14: case 34: case 35:
      return to('/pricePromote/promotionDetail', { ...id, promotionType: PROMOTION_TYPE[businessType] });
    case 8: return to('/memberInfo/catchDetail');
    case 9: return to('/memberInfo/couponDelDetail');
    case 10: case 17: return to('/financeManage/paymentDetail');
    case 11: return to('/orderInfo/saleReport');
    case 12: return to('/userInfo/systemLog', {});
    case 13: return to('/storageManage/allotSync', {});
    case 16: return { ...to('/purchaseManage/supplierMRBDet'), requiresExistenceCheck: true };
    case 18: return to('/storageManage/inventorySheetDet');
    case 36: return to('/memberInfo/operationPlan', { ...id, type: '4' });
    // HR matters (人事事项): 37 a transfer subsidy, 38 a special-personnel adjustment, each opening its detail page.
    case 37: return to('/attendManage/transferSubsidyOpt');
    case 38: return to('/attendManage/specialPersonalOpt');
    case 1001: return to('/memberInfo/rechargeActivityDet');
    // Ours (the spec names none): 2001 an approval waiting for the user (opens 我的待办 at the instance; 2002, its
    // outcome told to the applicant, leads nowhere; server/domains/process), 201x petty cash (a record to audit or
    // audited, a transfer to confirm), 2021 a cashier's hand-over that did not match.
    case 2001: return to('/processManage/myTodo', { processInstanceId: String(businessId ?? '') });
    case 2011: return to('/pettyCash/recordDetail');
    case 2012: return to('/pettyCash/transferDetail');
    case 2021: return to('/orderInfo/classRecord', {});
    case 2031: return to('/orderInfo/groupPurchaseDetail');
    // 2041: lots of the shop's warehouse near or past their expiry date (server/domains/stock/expiryNotices.ts).
    case 2041: return to('/storageManage/whStockLot', {});
    // 4 leads nowhere; unknown types go nowhere.
    default: return null;
  }
}
