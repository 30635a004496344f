import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { checkFile } from '../../files/fileTypes.ts';
import { fileInfo } from '../../files/fileInfo.ts';
import { fileServiceOf } from '../../files/service.ts';
import { FileStore } from '../../files/storage.ts';
import { ok } from '../../http/envelope.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import type { Req } from '../../resources/access.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { channelLineation, channelNumbers, listChannels, markLinesPushed, saveLineation, saveNvrConfig, setAlgorithmStatus, snapshotTaken } from './channels.ts';
import { checkAddress } from './lines.ts';
import { allBoxIds, loadBox, pingBox, pullCounts, pullMany, withBox, type PullResult } from './service.ts';

/**
 * Calls of the camera boxes beside the descriptors' list and edit (schemas/resources/shop-ai-box.json,
 * shop-nvr-channel.json, shop-passengers-count.json): the descriptors declare these as "custom" routes, so their
 * permissions and the screens' buttons come from there. The snapshot and the lines with their picture need the file
 * service (its store and link signing), so they are hand routes (aiBoxRoutes). The handlers validate, call the box
 * (service.ts) and write what it answered through channels.ts.
 */

const idOf = (req: Req, name: string): number => Number(req.params[name]);
const runner = (req: Req) => <T>(fn: Parameters<Req['tenantTx']>[0]) => req.tenantTx(fn) as Promise<T>;

registerCustomRoute('aiBox.ping', {
  schema: {},
  handler: async (req) => {
    const r = await pingBox(runner(req), idOf(req, 'aiBoxId'));
    return ok(r, r.message);
  },
});

registerCustomRoute('aiBox.algorithmStatus', {
  schema: {},
  handler: async (req) => {
    const { result, box } = await withBox(runner(req), idOf(req, 'aiBoxId'), (b) => b.algorithmStatus());
    const status = result.status.slice(0, 32);
    const names: Record<string, string> = { running: '运行中', stopped: '已停止', error: '异常' };
    // The list shows what a person reads: 运行中, not the box's word for it.
    await req.tenantTx((tx) => setAlgorithmStatus(tx, box.ai_box_id, names[status] ?? status));
    return ok({ aiBoxId: box.ai_box_id, status, statusName: names[status] ?? status, channels: result.channels }, `算法${names[status] ?? status}`);
  },
});

const channelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['channelNo'],
  properties: {
    channelNo: { type: 'integer', minimum: 1, maximum: 64, title: '通道号' },
    channelName: { type: ['string', 'null'], maxLength: 48, title: '通道名称' },
  },
};

registerCustomRoute('aiBox.nvrConfig', {
  schema: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['channels'],
      properties: {
        nvrAddress: { type: ['string', 'null'], maxLength: 128, title: 'NVR 地址' },
        channels: { type: 'array', minItems: 1, maxItems: 64, title: '通道', items: channelSchema },
      },
    },
  },
  handler: async (req) => {
    const body = req.body as { nvrAddress?: string | null; channels: { channelNo: number; channelName?: string | null }[] };
    const nvrAddress = body.nvrAddress?.trim() || null;
    if (nvrAddress && checkAddress(nvrAddress)) throw new ApiError('BAD_REQUEST', checkAddress(nvrAddress)!.replace('盒子地址 address', 'NVR 地址 nvrAddress'));
    const nos = body.channels.map((c) => c.channelNo);
    if (new Set(nos).size !== nos.length) throw new ApiError('BAD_REQUEST', '通道号 channelNo 不能重复');
    const channels = body.channels.map((c) => ({ channelNo: c.channelNo, channelName: c.channelName?.trim() || `通道${c.channelNo}` }));
    const aiBoxId = idOf(req, 'aiBoxId');
    // The box first: when it does not take the config, nothing is written and both keep agreeing.
    await withBox(runner(req), aiBoxId, (b) => b.pushNvrConfig({ nvrAddress, channels }));
    const saved = await req
      .tenantTx(async (tx) => {
        await loadBox(tx, aiBoxId);
        return saveNvrConfig(tx, aiBoxId, nvrAddress, channels);
      })
      .catch(asCallerError);
    return ok(saved, `已下发 NVR 配置（${nos.length} 个通道）`);
  },
});

registerCustomRoute('aiBox.linesConfig', {
  schema: {},
  handler: async (req) => {
    const aiBoxId = idOf(req, 'aiBoxId');
    const channels = await req.tenantTx(async (tx) => {
      await loadBox(tx, aiBoxId);
      return listChannels(tx, aiBoxId);
    });
    if (!channels.length) throw new ApiError('BAD_REQUEST', '请先下发 NVR 配置（通道）再下发划线配置');
    if (!channels.some((c) => c.lines.length)) throw new ApiError('BAD_REQUEST', '还没有任何通道划线，请先在通道图像上划线');
    await withBox(runner(req), aiBoxId, (b) =>
      b.pushLinesConfig({ channels: channels.map((c) => ({ channelNo: c.channelNo, imageWidth: c.imageWidth, imageHeight: c.imageHeight, lines: c.lines })) }),
    );
    await req.tenantTx((tx) => markLinesPushed(tx, aiBoxId, channels.map((c) => c.channelId)));
    const n = channels.reduce((s, c) => s + c.lines.length, 0);
    return ok({ aiBoxId, channels: channels.length, lines: n }, `已下发划线配置（${channels.length} 个通道，${n} 条划线）`);
  },
});

registerCustomRoute('aiBox.lineation', {
  schema: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['lines'],
      properties: { lines: { type: 'array', maxItems: 50, title: '划线', items: { type: 'object' } } },
    },
  },
  handler: async (req) => {
    const channelId = idOf(req, 'channelId');
    const body = req.body as { lines: unknown[] };
    const saved = await req.tenantTx((tx) => saveLineation(tx, channelId, body.lines));
    return ok({ channelId, lines: saved }, `已保存 ${saved.length} 条划线，下发划线配置后生效`);
  },
});

registerCustomRoute('aiBox.pullCounts', {
  schema: {
    body: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: { aiBoxId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647, title: '客流设备' } },
    },
  },
  handler: async (req) => {
    const aiBoxId = (req.body as { aiBoxId?: number | null } | null)?.aiBoxId ?? null;
    let results: PullResult[];
    if (aiBoxId) results = [await pullCounts(runner(req), aiBoxId)];
    else {
      const ids = await req.tenantTx(allBoxIds);
      // A person waits for this answer: more boxes at once than the background poll, so a few silent ones
      // cost one timeout, not one each.
      results = await pullMany(runner(req), ids, 16);
    }
    const online = results.filter((r) => r.online);
    const msg = results.length === 1 ? results[0].message : `读取 ${results.length} 台客流设备：${online.length} 台在线，更新 ${online.reduce((s, r) => s + r.changed, 0)} 条小时客流`;
    return ok({ results }, msg);
  },
});

/** refresh/nvr/img/{aiBoxId}: a fresh snapshot of a channel (or each channel) kept by the file service; answers its link. */
export const aiBoxRoutes = (services: AppServices) => async (app: FastifyInstance) => {
  const { store, secret } = fileServiceOf(services);
  app.post<{ Params: { aiBoxId: number }; Body: { channelNo?: number | null } | null }>(
    '/shop-ai-box/refresh/nvr/img/:aiBoxId',
    {
      config: { perm: 'shop:aiBox:maintain' },
      schema: {
        tags: ['wxy-shop-server'],
        summary: '刷新通道截图：从盒子取 NVR 通道当前画面（channelNo 不传为全部通道），存入文件服务并返回链接与图像尺寸',
        params: { type: 'object', required: ['aiBoxId'], properties: { aiBoxId: { type: 'integer', minimum: 1, maximum: 2147483647, title: '客流设备' } } },
        body: { type: ['object', 'null'], additionalProperties: false, properties: { channelNo: { type: ['integer', 'null'], minimum: 1, maximum: 64, title: '通道号' } } },
      },
    },
    async (req) => {
      const aiBoxId = req.params.aiBoxId;
      const channelNo = req.body?.channelNo ?? null;
      const channels = await req.tenantTx(async (tx) => {
        await loadBox(tx, aiBoxId);
        return channelNumbers(tx, aiBoxId, channelNo);
      });
      if (!channels.length) throw new ApiError('BAD_REQUEST', channelNo ? `通道 ${channelNo} 不存在，请先下发 NVR 配置` : '请先下发 NVR 配置（通道）');
      const tenantId = req.auth!.tenantId;
      const { result: shots } = await withBox(runner(req as unknown as Req), aiBoxId, async (b) => {
        const out = [];
        for (const c of channels) out.push({ c, shot: await b.snapshot(c.channel_no) });
        return out;
      });
      const key = await secret();
      const answers = [];
      for (const { c, shot } of shots) {
        const ext = shot.contentType === 'image/png' ? 'png' : 'jpg';
        const type = checkFile(`snapshot.${ext}`, shot.bytes.length);
        if (!type.ok) throw new ApiError('BAD_REQUEST', type.msg);
        const spool = await store.spool(tenantId, Readable.from(shot.bytes), shot.bytes.length, 'snapshot');
        const objectKey = FileStore.newObjectKey(ext);
        const dest = store.objectLocation(tenantId, type.type.bucket, objectKey);
        await store.commit(spool.path, dest);
        const row = await req
          .tenantTx((tx) =>
            snapshotTaken(tx, c.channel_id, {
              bucket: type.type.bucket,
              objectKey,
              fileName: `通道${c.channel_no}截图.${ext}`,
              fileType: ext,
              contentType: type.type.contentType,
              size: spool.size,
              sha256: spool.sha256,
              extra: { aiBoxId: String(aiBoxId), channelNo: String(c.channel_no) },
              createdBy: req.auth!.userId,
              width: shot.width,
              height: shot.height,
            }),
          )
          .catch(async (err) => {
            await store.remove(dest);
            throw err;
          });
        const info = fileInfo(row, tenantId, key);
        answers.push({ channelId: c.channel_id, channelNo: c.channel_no, imageWidth: shot.width, imageHeight: shot.height, url: info.url, objectKey, bucket: row.bucket });
      }
      return ok(answers, `已刷新 ${answers.length} 个通道的截图`);
    },
  );

  /** The lines drawn on a channel with the image they were drawn on (its last snapshot's link), for the drawing screen. */
  app.get<{ Params: { channelId: number } }>(
    '/shop-nvr-channel/lineation/:channelId',
    {
      config: { perm: 'shop:aiBox:list' },
      schema: {
        tags: ['wxy-shop-server'],
        summary: '通道划线：图像尺寸、最近一次截图的链接与保存的划线',
        params: { type: 'object', required: ['channelId'], properties: { channelId: { type: 'integer', minimum: 1, maximum: 2147483647, title: '通道' } } },
      },
    },
    async (req) => {
      const row = await req.tenantTx((tx) => channelLineation(tx, req.params.channelId));
      if (!row) throw new ApiError('NOT_FOUND', '通道不存在');
      const snapshotUrl = row.has_file ? fileInfo(row, req.auth!.tenantId, await secret()).url : null;
      return ok({
        channelId: row.channel_id,
        aiBoxId: row.ai_box_id,
        channelNo: row.channel_no,
        channelName: row.channel_name,
        imageWidth: row.image_width,
        imageHeight: row.image_height,
        snapshotUrl,
        lines: row.lines,
      });
    },
  );
};
