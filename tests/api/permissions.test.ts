import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../server/http/routeTable.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/** Every route says who may call it, and the demo shop role sees no figure that gives a purchase price away. */
let s: TestServer;
let shop: Caller;
beforeAll(async () => {
  s = await startTestServer();
  shop = callerFor(s, await s.login('shop01', 'shop123'));
}, 180_000);
afterAll(async () => s?.stop());

describe('route permissions', () => {
  it('every /api route names its permission, or is public or open to any logged-in user on purpose', () => {
    const routes = routeTable(s.app).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(200);
    const unmarked = routes.filter((r) => !r.config.perm && !r.config.public && !r.config.anyUser).map((r) => `${r.method} ${r.url}`);
    expect(unmarked).toEqual([]);
  });

  it('shop01 without the warehouse menus gets no warehouse list, not even a pulldown or tree', async () => {
    expect((await shop('GET', 'wxy-warehouse-server/wh-base-info/pulldown/distribution')).status).toBe(403);
    expect((await shop('GET', 'wxy-warehouse-server/wh-region/tree/contains/warehouse')).status).toBe(403);
    expect((await shop('GET', 'wxy-system-server/user-option/page/1/10')).status).toBe(403);
    // Dictionaries stay open to every screen.
    expect((await shop('GET', 'wxy-warehouse-server/wh-data-dictionary/findList/whType')).status).toBe(200);
  });

  it('shop01 sees retail prices but neither purchase nor cost price nor the margin they would give away', async () => {
    const skus = (await shop('GET', 'wxy-production-server/pd-sku/findPage/1/5')).json.data.records as Json[];
    expect(skus.length).toBeGreaterThan(0);
    for (const sku of skus) {
      expect(sku.retailPrice).toBeDefined();
      expect(sku).not.toHaveProperty('purchasePrice');
      expect(sku).not.toHaveProperty('costPrice');
      expect(sku).not.toHaveProperty('grossMargin');
    }
  });
});
