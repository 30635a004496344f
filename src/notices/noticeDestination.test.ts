import { describe, expect, it } from 'vitest';
import { noticeDestination } from './noticeDestination';

describe('notice navigation by businessType', () => {
  it('opens the purchase order with refresh and id', () => {
    expect(noticeDestination(1, 42)).toEqual({ path: '/purchaseManage/procureDetail', query: { refresh: 'true', id: '42' } });
  });
  it('opens promotions with their promotion type', () => {
    expect(noticeDestination(7, 5)?.query).toEqual({ id: '5', promotionType: '1' });
    expect(noticeDestination(14, 5)?.query.promotionType).toBe('2');
    expect(noticeDestination(35, 5)?.query.promotionType).toBe('3');
    expect(noticeDestination(34, 5)?.query.promotionType).toBe('4');
  });
  it('opens the version log and allot sync without an id', () => {
    expect(noticeDestination(12, 9)).toEqual({ path: '/userInfo/systemLog', query: {} });
    expect(noticeDestination(13, 9)).toEqual({ path: '/storageManage/allotSync', query: {} });
  });
  it('sends all attendance types 19 to 31 to the audit detail', () => {
    expect(noticeDestination(19, 1)?.path).toBe('/attendManage/attendAuditDetail');
    expect(noticeDestination(31, 1)?.path).toBe('/attendManage/attendAuditDetail');
    expect(noticeDestination(32, 1)).toBeNull();
  });
  it('opens the HR matters (37 transfer subsidy, 38 special personnel) at their detail pages', () => {
    expect(noticeDestination(37, 4)).toEqual({ path: '/attendManage/transferSubsidyOpt', query: { id: '4' } });
    expect(noticeDestination(38, 5)).toEqual({ path: '/attendManage/specialPersonalOpt', query: { id: '5' } });
  });
  it('checks that a returned-goods document still exists before opening it', () => {
    expect(noticeDestination(16, 3)).toMatchObject({ path: '/purchaseManage/supplierMRBDet', requiresExistenceCheck: true });
  });
  it('goes nowhere for type 4 and unknown types', () => {
    expect(noticeDestination(4, 1)).toBeNull();
    expect(noticeDestination(999, 1)).toBeNull();
    expect(noticeDestination(10, 1)?.path).toBe(noticeDestination(17, 1)?.path);
    expect(noticeDestination(1001, 8)).toEqual({ path: '/memberInfo/rechargeActivityDet', query: { id: '8' } });
  });
  it('an approval waiting for the user opens 我的待办 at its instance; its outcome goes nowhere', () => {
    expect(noticeDestination(2001, 42)).toEqual({ path: '/processManage/myTodo', query: { processInstanceId: '42' } });
    expect(noticeDestination(2002, 42)).toBeNull();
  });
});

describe('our notice types', () => {
  it('petty cash and shift notices open their screens', () => {
    expect(noticeDestination(2011, 7)).toEqual({ path: '/pettyCash/recordDetail', query: { id: '7' } });
    expect(noticeDestination(2012, 8)).toEqual({ path: '/pettyCash/transferDetail', query: { id: '8' } });
    expect(noticeDestination(2021, 9)).toEqual({ path: '/orderInfo/classRecord', query: {} });
  });
});
