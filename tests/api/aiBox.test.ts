import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAiBoxPoll } from '../../server/domains/aiBox/poll.ts';
import { startSimBox, type SimBox } from '../support/aiBoxSim.ts';
import { dbDay, zoneText, startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 客流设备 (camera boxes, issue 14): boxes registered per shop, talked to only through the adapter against a
 * simulated box (tests/support/aiBoxSim.ts, a real HTTP server); a silent box is 离线 with the time of its last
 * answer, within the timeout; hourly counts are kept once per box, channel and hour however often they are read.
 */
const timeoutBefore = process.env.AI_BOX_TIMEOUT_MS;

let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shops: Json[];
let sim: SimBox;
let sim2: SimBox;
let boxId: number;
let box2Id: number;

const B = 'wxy-shop-server/shop-ai-box';
const C = 'wxy-shop-server/shop-nvr-channel';
const P = 'wxy-shop-server/shop-passengers-count';

const hoursAgo = (n: number) => {
  const d = new Date(Date.now() - n * 3600_000);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
};
/** A time as the lists answer it (YYYY-MM-DD HH:mm:ss, the business time zone). */
const listed = (iso: string) => zoneText(iso);

async function countsOf(aiBoxId: number): Promise<Json[]> {
  return (await admin('POST', `${P}/findPage`, { pageNum: 1, pageSize: 500, aiBoxId })).json.data.records;
}
const sumIn = (rows: Json[]) => rows.reduce((t, r) => t + r.inCount, 0);

beforeAll(async () => {
  process.env.AI_BOX_TIMEOUT_MS = '400';
  [s, sim, sim2] = await Promise.all([startTestServer(), startSimBox('SIM-0001'), startSimBox('SIM-0002')]);
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  shops = (await admin('POST', 'wxy-shop-server/shop-base/list', {})).json.data;
}, 180_000);
afterAll(async () => {
  // The files of a worker share one process: the next file's boxes get the default timeout again.
  if (timeoutBefore === undefined) delete process.env.AI_BOX_TIMEOUT_MS;
  else process.env.AI_BOX_TIMEOUT_MS = timeoutBefore;
  await Promise.all([s?.stop(), sim?.close(), sim2?.close()]);
});

describe('客流设备', () => {
  it('registers a box per shop; the address, serial number and shop are checked', async () => {
    const bad = await admin('POST', `${B}/save`, { shopId: shops[0].shopId, boxName: '门口盒子', serialNo: 'SIM-0001', address: '127.0.0.1' });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('盒子地址');
    expect((await admin('POST', `${B}/save`, { shopId: shops[0].shopId, boxName: '门口盒子', serialNo: 'SIM-0001', address: '127.0.0.1:70000' })).status).toBe(400);
    expect((await admin('POST', `${B}/save`, { shopId: shops[0].shopId, boxName: '门口盒子', serialNo: 'S 1', address: sim.address })).json.msg).toContain('序列号');
    expect((await admin('POST', `${B}/save`, { shopId: 99999999, boxName: '门口盒子', serialNo: 'SIM-0001', address: sim.address })).json.msg).toBe('所属门店不存在');
    const saved = await admin('POST', `${B}/save`, { shopId: shops[0].shopId, boxName: '门口盒子', serialNo: 'SIM-0001', address: sim.address, remark: '测试' });
    expect(saved.status).toBe(200);
    boxId = saved.json.data.aiBoxId;
    expect(saved.json.data).toMatchObject({ shopName: shops[0].shopName, status: 0, lastSeenAt: null });
    const twice = await admin('POST', `${B}/save`, { shopId: shops[1].shopId, boxName: '另一个', serialNo: 'SIM-0001', address: sim2.address });
    expect(twice.status).toBe(409);
    expect(twice.json.msg).toContain('序列号');
    box2Id = (await admin('POST', `${B}/save`, { shopId: shops[1].shopId, boxName: '二店盒子', serialNo: 'SIM-0002', address: sim2.address })).json.data.aiBoxId;
    expect((await admin('GET', `${B}/get/${boxId}`)).json.data).toMatchObject({ boxName: '门口盒子', address: sim.address });
    const upd = await admin('PUT', `${B}/update/${boxId}`, { shopId: shops[0].shopId, boxName: '模拟客流盒子', serialNo: 'SIM-0001', address: sim.address });
    expect(upd.status).toBe(200);
    const page = await admin('POST', `${B}/findPage`, { pageNum: 1, pageSize: 50, boxName: '模拟客流盒子' });
    expect(page.json.data.records.map((r: Json) => r.aiBoxId)).toEqual([boxId]);
  });

  it('ping: online with the time of the answer; a silent box is 离线 within the timeout, keeping the last answer’s time', async () => {
    // As the list's row button calls it: the row's key in the body.
    const on = await admin('POST', `${B}/ping/${boxId}`, { aiBoxId: boxId });
    expect(on.status).toBe(200);
    expect(on.json.data).toMatchObject({ online: true, status: 1, statusName: '在线', firmwareVersion: 'sim-1.0' });
    const seen = on.json.data.lastSeenAt;
    expect(seen).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    sim.mode = 'silent';
    const started = Date.now();
    const off = await admin('POST', `${B}/ping/${boxId}`);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(off.status).toBe(200);
    expect(off.json.data).toMatchObject({ online: false, status: 2, statusName: '离线', lastSeenAt: seen });
    expect(off.json.msg).toMatch(/离线.*没有响应.*最后应答时间 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    const row = (await admin('GET', `${B}/get/${boxId}`)).json.data;
    expect(row).toMatchObject({ status: 2, lastSeenAt: seen });
    expect(row.lastError).toContain('没有响应');
    // Any other call to a silent box: a clear answer, never a hang or a 500.
    const status = await admin('GET', `${B}/algorithm/status/${boxId}`);
    expect(status.status).toBe(424);
    expect(status.json.msg).toContain('离线');
    // A box that answers with another serial number is not the registered one.
    sim.mode = 'ok';
    sim.serialNo = 'SIM-9999';
    expect((await admin('POST', `${B}/ping/${boxId}`)).json.data).toMatchObject({ online: false, statusName: '离线' });
    sim.serialNo = 'SIM-0001';
    expect((await admin('POST', `${B}/ping/${boxId}`)).json.data.online).toBe(true);
    const alg = await admin('GET', `${B}/algorithm/status/${boxId}`);
    expect(alg.json.data).toMatchObject({ status: 'running', statusName: '运行中' });
    expect((await admin('GET', `${B}/get/${boxId}`)).json.data.algorithmStatus).toBe('运行中');
    sim.mode = 'refuse';
    const refused = await admin('GET', `${B}/algorithm/status/${boxId}`);
    expect(refused.status).toBe(400);
    expect(refused.json.msg).toContain('算法引擎未启动');
    sim.mode = 'ok';
  });

  it('NVR config goes to the box first; the snapshot is kept by the file service with the image size', async () => {
    expect((await admin('PUT', `${B}/update/nvr/config/${boxId}`, { nvrAddress: '10.0.0.2:554', channels: [{ channelNo: 1 }, { channelNo: 1 }] })).json.msg).toBe('通道号 channelNo 不能重复');
    expect((await admin('PUT', `${B}/update/nvr/config/${boxId}`, { nvrAddress: 'nvr', channels: [{ channelNo: 1 }] })).json.msg).toContain('NVR 地址');
    sim.mode = 'silent';
    const off = await admin('PUT', `${B}/update/nvr/config/${boxId}`, { nvrAddress: '10.0.0.2:554', channels: [{ channelNo: 1, channelName: '门口' }] });
    expect(off.status).toBe(424);
    expect((await admin('GET', `${C}/findList/${boxId}`)).json.data).toEqual([]);
    sim.mode = 'ok';
    const cfg = await admin('PUT', `${B}/update/nvr/config/${boxId}`, { nvrAddress: '10.0.0.2:554', channels: [{ channelNo: 1, channelName: '门口' }, { channelNo: 2 }] });
    expect(cfg.status).toBe(200);
    expect(sim.nvrConfig).toEqual({ nvrAddress: '10.0.0.2:554', channels: [{ channelNo: 1, channelName: '门口' }, { channelNo: 2, channelName: '通道2' }] });
    const channels = (await admin('GET', `${C}/findList/${boxId}`)).json.data as Json[];
    expect(channels.map((c) => [c.channelNo, c.channelName, c.imageWidth])).toEqual([[1, '门口', 1920], [2, '通道2', 1920]]);

    const img = await admin('POST', `wxy-shop-server/shop-ai-box/refresh/nvr/img/${boxId}`, { channelNo: 1 });
    expect(img.status).toBe(200);
    expect(img.json.data[0]).toMatchObject({ channelNo: 1, imageWidth: 1280, imageHeight: 720 });
    const file = await s.call('GET', img.json.data[0].url, { token: await s.login('admin', 'admin123'), tenant: 1 });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const ch1 = ((await admin('GET', `${C}/findList/${boxId}`)).json.data as Json[])[0];
    expect(ch1).toMatchObject({ imageWidth: 1280, imageHeight: 720 });
    expect(ch1.snapshotKey).toBe(img.json.data[0].objectKey);
  });

  it('lines: refused when invalid, saved per channel, pushed to the box', async () => {
    const ch1 = ((await admin('GET', `${C}/findList/${boxId}`)).json.data as Json[])[0];
    const L = `${C}/lineation/${ch1.channelId}`;
    // The snapshot made the image 1280×720: x 1900 is outside.
    expect((await admin('PUT', L, { lines: [{ direction: 'in', points: [{ x: 10, y: 10 }, { x: 1900, y: 10 }] }] })).json.msg).toBe('第 1 条划线的第 2 个点 (1900, 10) 超出图像范围（宽 1280，高 720）');
    expect((await admin('PUT', L, { lines: [{ direction: 'in', points: [{ x: 10, y: 10 }] }] })).json.msg).toBe('第 1 条划线至少需要 2 个点 points');
    expect((await admin('PUT', L, { lines: [{ direction: 'up', points: [{ x: 10, y: 10 }, { x: 20, y: 20 }] }] })).json.msg).toBe('第 1 条划线的方向 direction 只能是 in（进）或 out（出）');
    expect((await admin('PUT', L, {})).status).toBe(400);
    expect((await admin('PUT', `${B}/update/lines/config/${boxId}`)).json.msg).toBe('还没有任何通道划线，请先在通道图像上划线');
    const saved = await admin('PUT', L, { lines: [{ name: '进门线', direction: 'in', points: [{ x: 100, y: 600 }, { x: 1200, y: 600 }] }] });
    expect(saved.status).toBe(200);
    const pushed = await admin('PUT', `${B}/update/lines/config/${boxId}`, { aiBoxId: boxId });
    expect(pushed.status).toBe(200);
    expect(sim.linesConfig).toEqual({
      channels: [
        { channelNo: 1, imageWidth: 1280, imageHeight: 720, lines: [{ name: '进门线', direction: 'in', points: [{ x: 100, y: 600 }, { x: 1200, y: 600 }] }] },
        { channelNo: 2, imageWidth: 1920, imageHeight: 1080, lines: [] },
      ],
    });
    expect(((await admin('GET', `${C}/findList/${boxId}`)).json.data as Json[])[0].linesPushedAt).toBeTruthy();
    // What the drawing screen reads back: the lines and the snapshot they were drawn on.
    const back = await admin('GET', L);
    expect(back.json.data).toMatchObject({ channelNo: 1, imageWidth: 1280, imageHeight: 720, lines: [{ name: '进门线', direction: 'in' }] });
    expect(back.json.data.snapshotUrl).toContain('/api/wxy-file-server/');
    // The camera now sends half-size images: the lines move with the picture.
    sim.image = { width: 640, height: 360 };
    expect((await admin('POST', `${B}/refresh/nvr/img/${boxId}`, {})).json.data.map((c: Json) => [c.channelNo, c.imageWidth])).toEqual([[1, 640], [2, 640]]);
    expect((await admin('GET', L)).json.data).toMatchObject({ imageWidth: 640, lines: [{ points: [{ x: 50, y: 300 }, { x: 600, y: 300 }] }] });
    sim.image = { width: 1280, height: 720 };
  });

  it('counts pulled twice are not doubled; a grown hour is replaced, not added', async () => {
    // The hours fixed once, so the test means the same hours if the clock passes an hour meanwhile.
    const [h1, h2, h3] = [hoursAgo(1), hoursAgo(2), hoursAgo(3)];
    sim.setCount(1, h3, 12, 10);
    sim.setCount(1, h2, 20, 18);
    sim.setCount(2, h2, 5, 5);
    sim.setCount(1, h1, 7, 3);
    const first = await admin('POST', `${P}/pull`, { aiBoxId: boxId });
    expect(first.status).toBe(200);
    expect(first.json.data.results[0]).toMatchObject({ online: true, hours: 4, changed: 4 });
    let rows = await countsOf(boxId);
    expect(rows).toHaveLength(4);
    expect(sumIn(rows)).toBe(44);
    expect(rows[0]).toMatchObject({ shopId: shops[0].shopId, shopName: shops[0].shopName, serialNo: 'SIM-0001' });

    // The same hours again (the box answers its whole memory): nothing changes.
    await admin('POST', `${P}/pull`, { aiBoxId: boxId });
    const again = await admin('POST', `${P}/pull`, {});
    expect(again.status).toBe(200);
    rows = await countsOf(boxId);
    expect(rows).toHaveLength(4);
    expect(sumIn(rows)).toBe(44);

    // The last hour grew at the box: its row holds the new total.
    sim.setCount(1, h1, 9, 4);
    const grown = await admin('POST', `${P}/pull`, { aiBoxId: boxId });
    expect(grown.json.data.results[0].changed).toBe(1);
    rows = await countsOf(boxId);
    expect(rows).toHaveLength(4);
    expect(sumIn(rows)).toBe(46);
    expect(rows.find((r) => r.countHour === listed(h1) && r.channelNo === 1)).toMatchObject({ inCount: 9, outCount: 4 });

    // Several pulls at once (the poll, a second process, a click): still one row per hour and channel.
    sim.setCount(1, h1, 10, 4);
    const together = await Promise.all([1, 2, 3].map(() => admin('POST', `${P}/pull`, { aiBoxId: boxId })));
    expect(together.map((r) => r.status)).toEqual([200, 200, 200]);
    rows = await countsOf(boxId);
    expect(rows).toHaveLength(4);
    expect(sumIn(rows)).toBe(47);

    // A silent box: the pull says so, writes nothing, marks it 离线.
    sim2.mode = 'silent';
    const off = await admin('POST', `${P}/pull`, { aiBoxId: box2Id });
    expect(off.status).toBe(200);
    expect(off.json.data.results[0].online).toBe(false);
    expect(off.json.msg).toContain('离线');
    expect((await admin('GET', `${B}/get/${box2Id}`)).json.data.status).toBe(2);
    sim2.mode = 'ok';
  });

  it('findPage filters by shop and date range and names the shop', async () => {
    const [today, yesterday] = [await dbDay(s), await dbDay(s, -1)];
    sim2.setCount(1, hoursAgo(2), 3, 1);
    await admin('POST', `${P}/pull`, { aiBoxId: box2Id });
    const byShop = (await admin('POST', `${P}/findPage`, { pageNum: 1, pageSize: 500, shopId: shops[1].shopId })).json.data;
    expect(byShop.records.every((r: Json) => r.shopName === shops[1].shopName)).toBe(true);
    expect(byShop.records.some((r: Json) => r.aiBoxId === box2Id && r.inCount === 3)).toBe(true);
    const far = (await admin('POST', `${P}/findPage`, { pageNum: 1, pageSize: 10, aiBoxId: boxId, countDateStart: '2020-01-01', countDateEnd: '2020-01-31' })).json.data;
    expect(far.total).toBe(0);
    const recent = (await admin('POST', `${P}/findPage`, { pageNum: 1, pageSize: 10, aiBoxId: boxId, countDateStart: yesterday, countDateEnd: today })).json.data;
    expect(recent.total).toBe(4);
    expect((await admin('POST', `${P}/findPage`, { pageNum: 1, pageSize: 10, countDateStart: 'x' })).status).toBe(400);
    const two = (await admin('POST', `${P}/findPage`, { pageNum: 1, pageSize: 1000, shopIds: [shops[0].shopId, shops[1].shopId], countDateStart: yesterday })).json.data;
    expect(new Set(two.records.map((r: Json) => r.shopId))).toEqual(new Set([shops[0].shopId, shops[1].shopId]));
  });

  it('the background poll reads the boxes by itself, once per hour and channel', async () => {
    sim.setCount(1, hoursAgo(0), 2, 1);
    const poll = startAiBoxPoll(s.db, { info: () => {}, warn: () => {} }, { AI_BOX_POLL: '1', AI_BOX_POLL_MS: '1000' });
    try {
      await expect.poll(async () => (await countsOf(boxId)).length, { timeout: 8000, interval: 250 }).toBe(5);
    } finally {
      await poll.stop();
    }
    expect(sumIn(await countsOf(boxId))).toBe(49);
  });

  it('demo tenant 1 has offline demo boxes and a week of hourly counts', async () => {
    const demo = (await admin('POST', `${B}/findPage`, { pageNum: 1, pageSize: 50, serialNo: 'AIBOX-DEMO' })).json.data.records as Json[];
    expect(demo.length).toBeGreaterThanOrEqual(2);
    for (const d of demo) expect(d).toMatchObject({ status: 2 });
    for (const d of demo) expect(d.lastSeenAt).toBeTruthy();
    const week = (await admin('POST', `${P}/findPage`, { pageNum: 1, pageSize: 1, aiBoxId: demo[0].aiBoxId })).json.data;
    expect(week.total).toBe(7 * 12);
    // The daily view the reports read: one row per shop and day, under the caller's row-level security.
    const daily = await s.db.tenant(1, (tx) => tx.query<{ shop_id: number; days: number }>(`SELECT shop_id, count(*)::int AS days FROM shop_passengers_daily WHERE shop_id = $1 GROUP BY shop_id`, [demo[0].shopId]));
    expect(daily.rows[0].days).toBeGreaterThanOrEqual(7);
    const theirs = await s.db.tenant(2, (tx) => tx.query(`SELECT 1 FROM shop_passengers_daily WHERE shop_id = $1`, [demo[0].shopId]));
    expect(theirs.rows).toHaveLength(0);
  });

  it('menus 门店管理 → 客流设备 and 客流统计 open their screens', async () => {
    const token = await s.login('admin', 'admin123');
    for (const route of ['/shopManage/aiBox', '/shopManage/passengersCount']) {
      const res = await s.call('GET', `/api/wxy-system-server/screen-descriptor?route=${encodeURIComponent(route)}`, { token, tenant: 1 });
      expect(res.statusCode).toBe(200);
    }
    const shopToken = await s.login('shop01', 'shop123');
    expect((await s.call('GET', `/api/wxy-system-server/screen-descriptor?route=${encodeURIComponent('/shopManage/aiBox')}`, { token: shopToken, tenant: 1 })).statusCode).toBe(403);
  });

  it('refuses shop01; another tenant sees and touches nothing of ours', async () => {
    expect((await shop('POST', `${B}/findPage`, {})).status).toBe(403);
    expect((await shop('POST', `${B}/save`, { shopId: shops[0].shopId, boxName: 'x', serialNo: 'SIM-7777', address: sim.address })).status).toBe(403);
    expect((await shop('POST', `${B}/ping/${boxId}`)).status).toBe(403);
    expect((await shop('POST', `${P}/findPage`, {})).status).toBe(403);
    expect((await shop('POST', `${P}/pull`, {})).status).toBe(403);
    expect((await shop('POST', `${B}/refresh/nvr/img/${boxId}`, {})).status).toBe(403);

    const theirs = (await other('POST', `${B}/findPage`, { pageNum: 1, pageSize: 100 })).json.data;
    expect(theirs.records.some((r: Json) => r.aiBoxId === boxId || r.serialNo === 'SIM-0001')).toBe(false);
    expect((await other('GET', `${B}/get/${boxId}`)).status).toBe(404);
    expect((await other('POST', `${B}/ping/${boxId}`)).status).toBe(404);
    expect((await other('PUT', `${B}/update/${boxId}`, { boxName: '越权' })).status).toBe(404);
    expect((await other('DELETE', `${B}/deleteById/${boxId}`)).status).toBe(404);
    expect((await other('POST', `${B}/refresh/nvr/img/${boxId}`, {})).status).toBe(404);
    const ch1 = ((await admin('GET', `${C}/findList/${boxId}`)).json.data as Json[])[0];
    expect((await other('PUT', `${C}/lineation/${ch1.channelId}`, { lines: [] })).status).toBe(404);
    expect((await other('GET', `${C}/findList/${boxId}`)).status).toBe(404);
    expect((await other('GET', `${C}/lineation/${ch1.channelId}`)).status).toBe(404);
    expect((await shop('GET', `${C}/lineation/${ch1.channelId}`)).status).toBe(403);
    const counts = (await other('POST', `${P}/findPage`, { pageNum: 1, pageSize: 500 })).json.data;
    expect(counts.records.some((r: Json) => r.aiBoxId === boxId)).toBe(false);
    expect((await other('POST', `${P}/pull`, { aiBoxId: boxId })).status).toBe(404);
    // Their shop is not ours to put a box in.
    const theirShop = ((await other('POST', 'wxy-shop-server/shop-base/list', {})).json.data as Json[])[0];
    expect((await admin('POST', `${B}/save`, { shopId: theirShop.shopId, boxName: '越权', serialNo: 'SIM-8888', address: sim.address })).json.msg).toBe('所属门店不存在');
  });

  it('another address is not yet checked (未检测) until the next answer', async () => {
    expect((await admin('GET', `${B}/get/${box2Id}`)).json.data.status).toBe(1);
    expect((await admin('PUT', `${B}/update/${box2Id}`, { shopId: shops[1].shopId, boxName: '二店盒子', serialNo: 'SIM-0002', address: sim2.address })).status).toBe(200);
    expect((await admin('GET', `${B}/get/${box2Id}`)).json.data.status).toBe(1);
    const moved = await admin('PUT', `${B}/update/${box2Id}`, { shopId: shops[1].shopId, boxName: '二店盒子', serialNo: 'SIM-0002', address: `localhost:${sim2.address.split(':')[1]}` });
    expect(moved.status).toBe(200);
    const row = (await admin('GET', `${B}/get/${box2Id}`)).json.data;
    expect(row).toMatchObject({ status: 0, lastError: null });
    expect(row.lastSeenAt).toBeTruthy();
    expect((await admin('PUT', `${B}/update/${box2Id}`, { shopId: shops[1].shopId, boxName: '二店盒子', serialNo: 'SIM-0002', address: 'a:b' })).json.msg).toContain('主机:端口');
  });

  it('deleting a box removes its channels and keeps the counted visitors', async () => {
    expect((await admin('DELETE', `${B}/deleteById/${box2Id}`)).status).toBe(200);
    expect((await admin('GET', `${B}/get/${box2Id}`)).status).toBe(404);
    expect((await countsOf(box2Id)).length).toBeGreaterThan(0);
    expect((await admin('POST', `${B}/ping/${box2Id}`)).status).toBe(404);
  });
});
