import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { drainQueue, enqueueSale, findInCatalogue, isUnreachable, queuedSales, registerDb, resetRegisterDb, retryQueued, saveCatalogue, loadCatalogue, type SaleBody, type SendOutcome } from './offline';

const sku = (skuId: number, barcode: string | null, skuCode: string) => ({ skuId, barcode, skuCode, skuName: `商品${skuId}`, spec: null, unit: '件', retailPrice: 9.9, available: 5 });
const body = (uuid: string, shopId = 1): SaleBody => ({ uuid, shopId, isPractice: false, lines: [{ skuId: 1, quantity: 2, price: 9.9 }], memberId: null, payments: [{ payType: 1, amount: 20 }] });

afterEach(async () => {
  await (await registerDb())?.delete();
  await resetRegisterDb();
});

describe('register offline store', () => {
  it('finds a scanned code in the cached catalogue by barcode before SKU code, per shop', async () => {
    await saveCatalogue({ shopId: 1, shopName: '一店', takenAt: '2026-11-25T00:00:00Z', skus: [sku(1, '690001', 'A1'), sku(2, 'A1', 'B2')] });
    const c = await loadCatalogue(1);
    expect(findInCatalogue(c, ' A1 ')?.skuId).toBe(2);
    expect(findInCatalogue(c, 'B2')?.skuId).toBe(2);
    expect(findInCatalogue(c, '690001')?.skuId).toBe(1);
    expect(findInCatalogue(c, '000')).toBeUndefined();
    expect(await loadCatalogue(2)).toBeUndefined();
  });

  it('sends waiting sales oldest first, keeps a refused one with its reason, stops when the server cannot be reached', async () => {
    await enqueueSale(body('u1'), { totalAmount: 19.8, totalQuantity: 2 });
    await enqueueSale(body('u2'), { totalAmount: 19.8, totalQuantity: 2 });
    await enqueueSale(body('u3'), { totalAmount: 19.8, totalQuantity: 2 });
    await enqueueSale(body('other', 2), { totalAmount: 19.8, totalQuantity: 2 });
    const seen: string[] = [];
    const answers: Record<string, SendOutcome> = { u1: { kind: 'settled', orderNo: 'XS1' }, u2: { kind: 'refused', message: '价格已变更' }, u3: { kind: 'unreachable' } };
    const r = await drainQueue(1, async (b) => (seen.push(b.uuid), answers[b.uuid]));
    expect(seen).toEqual(['u1', 'u2', 'u3']);
    expect(r).toEqual({ sent: 1, failed: 1 });
    const left = await queuedSales(1);
    expect(left.map((q) => [q.uuid, q.status, q.error])).toEqual([['u2', 'failed', '价格已变更'], ['u3', 'waiting', null]]);
    // A failed sale is not sent again by itself; retried, it goes at the server's price.
    const again: SaleBody[] = [];
    await drainQueue(1, async (b) => (again.push(b), { kind: 'settled', orderNo: 'XS2' }));
    expect(again.map((b) => b.uuid)).toEqual(['u3']);
    await retryQueued('u2');
    await drainQueue(1, async (b) => (again.push(b), { kind: 'settled', orderNo: 'XS3' }));
    expect(again[1]).toMatchObject({ uuid: 'u2', lines: [{ skuId: 1, quantity: 2 }] });
    expect(again[1].lines[0]).not.toHaveProperty('price');
    expect((await queuedSales(1))).toEqual([]);
    expect((await queuedSales(2)).map((q) => q.uuid)).toEqual(['other']);
  });

  it('two drains at once send each sale once', async () => {
    await enqueueSale(body('u1'), { totalAmount: 19.8, totalQuantity: 2 });
    let sends = 0;
    const send = async () => (sends++, await new Promise((r) => setTimeout(r, 5)), { kind: 'settled', orderNo: 'XS1' } as SendOutcome);
    await Promise.all([drainQueue(1, send), drainQueue(1, send)]);
    expect(sends).toBe(1);
  });

  it('a call without an answer (offline, gateway down) is unreachable; a server refusal is not', () => {
    expect(isUnreachable({ httpStatus: undefined })).toBe(true);
    expect(isUnreachable({ httpStatus: 503 })).toBe(true);
    expect(isUnreachable({ httpStatus: 409 })).toBe(false);
    expect(isUnreachable({ httpStatus: 400 })).toBe(false);
  });
});
