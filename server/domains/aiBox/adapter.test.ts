import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimBox, type SimBox } from '../../../tests/support/aiBoxSim.ts';
import { BoxRefused, BoxUnreachable, boxTimeoutMs, httpAiBox, unusableHost } from './adapter.ts';
import { countsSince, dedupeCounts } from './service.ts';

/** The HTTP adapter against the simulated box: answers, refusals, silence within the timeout, garbage. */
let sim: SimBox;
let odd: http.Server;
let oddAddress: string;
let oddAnswer: (res: http.ServerResponse) => void = (res) => res.end();

beforeAll(async () => {
  sim = await startSimBox('SIM-A1', { imageWidth: 640, imageHeight: 360 });
  odd = http.createServer((_req, res) => oddAnswer(res));
  await new Promise<void>((r) => odd.listen(0, '127.0.0.1', r));
  oddAddress = `127.0.0.1:${(odd.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sim.close();
  odd.closeAllConnections();
  await new Promise<void>((r) => odd.close(() => r()));
});

describe('AI box adapter (HTTP)', () => {
  it('speaks the protocol', async () => {
    const box = httpAiBox(sim.address, 1000);
    expect((await box.ping()).serialNo).toBe('SIM-A1');
    expect(await box.algorithmStatus()).toEqual({ status: 'running', channels: [{ channelNo: 1, status: 'running' }] });
    const shot = await box.snapshot(2);
    expect(shot).toMatchObject({ contentType: 'image/jpeg', width: 640, height: 360 });
    expect(sim.calls.at(-1)?.path).toBe('/api/nvr/snapshot?channel=2');
    await box.pushNvrConfig({ nvrAddress: '10.0.0.2:554', channels: [{ channelNo: 1, channelName: '门口' }] });
    expect(sim.nvrConfig).toEqual({ nvrAddress: '10.0.0.2:554', channels: [{ channelNo: 1, channelName: '门口' }] });
    sim.setCount(1, '2026-11-20T02:00:00Z', 5, 4);
    sim.setCount(1, '2026-11-20T03:00:00Z', 7, 6);
    expect(await box.countsSince(new Date('2026-11-20T03:00:00Z'))).toEqual([{ channelNo: 1, hour: '2026-11-20T03:00:00.000Z', in: 7, out: 6 }]);
  });

  it('a silent box is BoxUnreachable within the timeout; a closed port too', async () => {
    sim.mode = 'silent';
    const started = Date.now();
    const err = await httpAiBox(sim.address, 300).ping().catch((e) => e);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(err).toBeInstanceOf(BoxUnreachable);
    expect(err.timedOut).toBe(true);
    expect(err.message).toBe(`盒子 ${sim.address} 在 300 毫秒内没有响应`);
    sim.mode = 'ok';
    const closed = await httpAiBox('127.0.0.1:1', 300).ping().catch((e) => e);
    expect(closed).toBeInstanceOf(BoxUnreachable);
    expect(closed.message).toBe('无法连接盒子 127.0.0.1:1');
  });

  it('a refusal carries the box’s message; answers outside the protocol are not trusted', async () => {
    sim.mode = 'refuse';
    const refused = await httpAiBox(sim.address, 1000).algorithmStatus().catch((e) => e);
    expect(refused).toBeInstanceOf(BoxRefused);
    expect(refused.message).toBe('盒子拒绝了请求（HTTP 500）：算法引擎未启动');
    sim.mode = 'ok';

    oddAnswer = (res) => res.end('<html>router login</html>');
    expect(await httpAiBox(oddAddress, 1000).ping().catch((e) => e)).toBeInstanceOf(BoxUnreachable);
    oddAnswer = (res) => {
      res.setHeader('content-type', 'image/jpeg');
      res.end('not an image');
    };
    expect((await httpAiBox(oddAddress, 1000).snapshot(1).catch((e) => e)).message).toBe('盒子返回的截图不是 JPEG 或 PNG 图片');
    oddAnswer = (res) =>
      res.end(JSON.stringify({ records: [{ channelNo: 1, hour: '2026-11-20T03:00:00Z', in: 3, out: 1 }, { channelNo: 99, hour: 'x', in: -1, out: 0 }, null, { channelNo: 2, hour: '2026-11-20T03:00:00Z', in: 1.5, out: 0 }] }));
    expect(await httpAiBox(oddAddress, 1000).countsSince(new Date(0))).toEqual([{ channelNo: 1, hour: '2026-11-20T03:00:00Z', in: 3, out: 1 }]);
    // A body that starts and then stalls is silence too.
    oddAnswer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"serialNo":');
    };
    const stalled = await httpAiBox(oddAddress, 300).ping().catch((e) => e);
    expect(stalled).toBeInstanceOf(BoxUnreachable);
  });

  it('never calls link-local, 0.x or multicast addresses', async () => {
    expect(unusableHost('169.254.169.254:80')).toBe(true);
    expect(unusableHost('0.0.0.0:8080')).toBe(true);
    expect(unusableHost('239.1.1.1:80')).toBe(true);
    expect(unusableHost('192.168.1.20:8080')).toBe(false);
    expect(unusableHost('box.shop.local:80')).toBe(false);
    const err = await httpAiBox('169.254.169.254:80', 300).ping().catch((e) => e);
    expect(err).toBeInstanceOf(BoxRefused);
    expect(err.message).toContain('不是可用的设备地址');
  });

  it('timeout from AI_BOX_TIMEOUT_MS, default 3000', () => {
    expect(boxTimeoutMs({})).toBe(3000);
    expect(boxTimeoutMs({ AI_BOX_TIMEOUT_MS: '1500' })).toBe(1500);
    expect(boxTimeoutMs({ AI_BOX_TIMEOUT_MS: 'x' })).toBe(3000);
  });
});

describe('count reading rules', () => {
  it('reads 7 days the first time, then from two hours before the cursor', () => {
    const now = new Date('2026-11-25T10:08:00Z');
    expect(countsSince(null, now).toISOString()).toBe('2026-11-18T10:00:00.000Z');
    expect(countsSince(new Date('2026-11-25T09:55:00Z'), now).toISOString()).toBe('2026-11-25T07:00:00.000Z');
  });
  it('one figure per channel and hour, the last one', () => {
    expect(
      dedupeCounts([
        { channelNo: 1, hour: '2026-11-25T09:00:00Z', in: 1, out: 0 },
        { channelNo: 1, hour: '2026-11-25T09:30:00.000Z', in: 4, out: 2 },
        { channelNo: 2, hour: '2026-11-25T09:00:00Z', in: 3, out: 3 },
      ]),
    ).toEqual([
      { channelNo: 1, hour: '2026-11-25T09:00:00.000Z', in: 4, out: 2 },
      { channelNo: 2, hour: '2026-11-25T09:00:00.000Z', in: 3, out: 3 },
    ]);
  });
});
