import { describe, expect, it } from 'vitest';
import { openNotice, type OpenNoticeDeps } from './openNotice';

function fakeDeps(opts: { exists?: boolean; readFails?: boolean; checkFails?: boolean } = {}) {
  const calls: string[] = [];
  const deps: OpenNoticeDeps = {
    markRead: async (id) => {
      calls.push(`read ${id}`);
      if (opts.readFails) throw new Error('network');
    },
    documentExists: async (type, id) => {
      calls.push(`exists ${type} ${id}`);
      if (opts.checkFails) throw new Error('500');
      return opts.exists ?? true;
    },
    navigate: (to) => void calls.push(`go ${to}`),
    warnDeleted: () => void calls.push('单据已被删除'),
  };
  return { deps, calls };
}

describe('openNotice', () => {
  it('marks the notice read first, then navigates per the table with its id', async () => {
    const { deps, calls } = fakeDeps();
    expect(await openNotice({ id: 5, businessType: 1, businessId: '88' }, deps)).toBe('opened');
    expect(calls).toEqual(['read 5', 'go /purchaseManage/procureDetail?refresh=true&id=88']);
  });

  it('carries promotionType and type for the promotion and plan screens', async () => {
    const { deps, calls } = fakeDeps();
    await openNotice({ id: 1, businessType: 35, businessId: 7 }, deps);
    await openNotice({ id: 2, businessType: 36, businessId: 9 }, deps);
    expect(calls.filter((c) => c.startsWith('go'))).toEqual(['go /pricePromote/promotionDetail?id=7&promotionType=3', 'go /memberInfo/operationPlan?id=9&type=4']);
  });

  it('12 and 13 carry no id', async () => {
    const { deps, calls } = fakeDeps();
    await openNotice({ id: 1, businessType: 12, businessId: '3' }, deps);
    await openNotice({ id: 2, businessType: 13, businessId: '4' }, deps);
    expect(calls.filter((c) => c.startsWith('go'))).toEqual(['go /userInfo/systemLog', 'go /storageManage/allotSync']);
  });

  it('16 checks the document first: gone -> 单据已被删除 and no navigation; present -> opens', async () => {
    const gone = fakeDeps({ exists: false });
    expect(await openNotice({ id: 3, businessType: 16, businessId: '61' }, gone.deps)).toBe('deleted');
    expect(gone.calls).toEqual(['read 3', 'exists 16 61', '单据已被删除']);
    const there = fakeDeps({ exists: true });
    expect(await openNotice({ id: 3, businessType: 16, businessId: '61' }, there.deps)).toBe('opened');
    expect(there.calls.at(-1)).toBe('go /purchaseManage/supplierMRBDet?id=61');
    const noId = fakeDeps({ exists: true });
    expect(await openNotice({ id: 4, businessType: 16, businessId: null }, noId.deps)).toBe('deleted');
  });

  it('unknown types and type 4 go nowhere, but are read', async () => {
    for (const type of [4, 15, 99, 2000]) {
      const { deps, calls } = fakeDeps();
      expect(await openNotice({ id: 8, businessType: type, businessId: '1' }, deps)).toBe('nowhere');
      expect(calls).toEqual(['read 8']);
    }
  });

  it('stops when marking read or the existence check fails', async () => {
    const read = fakeDeps({ readFails: true });
    expect(await openNotice({ id: 9, businessType: 1, businessId: '1' }, read.deps)).toBe('failed');
    expect(read.calls).toEqual(['read 9']);
    const check = fakeDeps({ checkFails: true });
    expect(await openNotice({ id: 9, businessType: 16, businessId: '1' }, check.deps)).toBe('failed');
    expect(check.calls).toEqual(['read 9', 'exists 16 1']);
  });
});
