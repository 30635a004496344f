import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { checkFile } from '../../files/fileTypes.ts';
import { fileInfo, type StoredFile } from '../../files/fileInfo.ts';
import { fileServiceOf } from '../../files/service.ts';
import { FileStore } from '../../files/storage.ts';
import { ok } from '../../http/envelope.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import type { Req } from '../../resources/access.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import type { CountingLine } from './lines.ts';
import { checkAddress, checkLines, scaleLines } from './lines.ts';
import { loadBox, pingBox, pullCounts, pullMany, withBox, type PullResult } from './service.ts';

/**
 * Calls of the camera boxes beside the descriptors' list and edit (schemas/resources/shop-ai-box.json,
 * shop-nvr-channel.json, shop-passengers-count.json): the descriptors declare these as "custom" routes, so their
 * permissions and the screens' buttons come from there. The snapshot and the lines with their picture need the file
 * service (its store and link signing), so they are hand routes (aiBoxRoutes).
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
    await req.tenantTx((tx) => tx.query(`UPDATE shop_ai_box SET algorithm_status = $2 WHERE ai_box_id = $1`, [box.ai_box_id, names[status] ?? status]));
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
        await tx.query(`DELETE FROM shop_nvr_channel WHERE ai_box_id = $1 AND NOT (channel_no = ANY($2::int[]))`, [aiBoxId, nos]);
        await tx.query(
          `INSERT INTO shop_nvr_channel (tenant_id, ai_box_id, channel_no, channel_name)
           SELECT app_current_tenant(), $1, c.no, c.name FROM unnest($2::int[], $3::text[]) AS c(no, name)
           ON CONFLICT (tenant_id, ai_box_id, channel_no) DO UPDATE SET channel_name = EXCLUDED.channel_name`,
          [aiBoxId, nos, channels.map((c) => c.channelName)],
        );
        await tx.query(`UPDATE shop_ai_box SET nvr_address = $2, channel_count = $3 WHERE ai_box_id = $1`, [aiBoxId, nvrAddress, nos.length]);
        return listChannels(tx, aiBoxId);
      })
      .catch(asCallerError);
    return ok(saved, `已下发 NVR 配置（${nos.length} 个通道）`);
  },
});

interface ChannelRow {
  channelId: number;
  aiBoxId: number;
  channelNo: number;
  channelName: string | null;
  imageWidth: number;
  imageHeight: number;
  lines: CountingLine[];
  linesPushedAt: string | null;
}

async function listChannels(tx: Parameters<Parameters<Req['tenantTx']>[0]>[0], aiBoxId: number): Promise<ChannelRow[]> {
  return (
    await tx.query<ChannelRow>(
      `SELECT channel_id AS "channelId", ai_box_id AS "aiBoxId", channel_no AS "channelNo", channel_name AS "channelName",
              image_width AS "imageWidth", image_height AS "imageHeight", lines, lines_pushed_at AS "linesPushedAt"
         FROM shop_nvr_channel WHERE ai_box_id = $1 ORDER BY channel_no`,
      [aiBoxId],
    )
  ).rows;
}

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
    await req.tenantTx((tx) => tx.query(`UPDATE shop_nvr_channel SET lines_pushed_at = now() WHERE ai_box_id = $1 AND channel_id = ANY($2::int[])`, [aiBoxId, channels.map((c) => c.channelId)]));
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
    const saved = await req.tenantTx(async (tx) => {
      const ch = (await tx.query<{ image_width: number; image_height: number }>(`SELECT image_width, image_height FROM shop_nvr_channel WHERE channel_id = $1 FOR UPDATE`, [channelId])).rows[0];
      if (!ch) throw new ApiError('NOT_FOUND', '通道不存在');
      const check = checkLines(body.lines, ch.image_width, ch.image_height);
      if (!check.ok) throw new ApiError('BAD_REQUEST', check.msg);
      await tx.query(`UPDATE shop_nvr_channel SET lines = $2::jsonb, lines_update_time = now(), lines_pushed_at = NULL WHERE channel_id = $1`, [channelId, JSON.stringify(check.lines)]);
      return check.lines;
    });
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
      const ids = (await req.tenantTx((tx) => tx.query<{ ai_box_id: number }>(`SELECT ai_box_id FROM shop_ai_box ORDER BY ai_box_id`))).rows.map((r) => r.ai_box_id);
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
        return (await tx.query<{ channel_id: number; channel_no: number }>(`SELECT channel_id, channel_no FROM shop_nvr_channel WHERE ai_box_id = $1 AND ($2::int IS NULL OR channel_no = $2) ORDER BY channel_no`, [aiBoxId, channelNo])).rows;
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
          .tenantTx(async (tx) => {
            const f = (
              await tx.query<StoredFile>(
                `INSERT INTO file_object(tenant_id, bucket, object_key, file_name, file_type, content_type, file_size, sha256, extra, created_by)
                 VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9)
                 RETURNING bucket, object_key, file_name, file_type, content_type, file_size::float8 AS file_size, sha256, extra, created_at`,
                [type.type.bucket, objectKey, `通道${c.channel_no}截图.${ext}`, ext, type.type.contentType, spool.size, spool.sha256, JSON.stringify({ aiBoxId: String(aiBoxId), channelNo: String(c.channel_no) }), req.auth!.userId],
              )
            ).rows[0];
            // Lines drawn on the old image move with it when the new one has another size.
            const ch = (await tx.query<{ image_width: number; image_height: number; lines: CountingLine[] }>(`SELECT image_width, image_height, lines FROM shop_nvr_channel WHERE channel_id = $1 FOR UPDATE`, [c.channel_id])).rows[0];
            if (!ch) throw new ApiError('NOT_FOUND', '通道不存在');
            const lines = scaleLines(ch.lines, { width: ch.image_width, height: ch.image_height }, { width: shot.width, height: shot.height });
            await tx.query(
              `UPDATE shop_nvr_channel SET snapshot_bucket = $2, snapshot_key = $3, snapshot_time = now(), image_width = $4, image_height = $5, lines = $6::jsonb WHERE channel_id = $1`,
              [c.channel_id, type.type.bucket, objectKey, shot.width, shot.height, JSON.stringify(lines)],
            );
            return f;
          })
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
      const row = await req.tenantTx(async (tx) =>
        (
          await tx.query<StoredFile & { channel_id: number; ai_box_id: number; channel_no: number; channel_name: string | null; image_width: number; image_height: number; lines: CountingLine[]; has_file: boolean }>(
            `SELECT c.channel_id, c.ai_box_id, c.channel_no, c.channel_name, c.image_width, c.image_height, c.lines,
                    f.bucket, f.object_key, f.file_name, f.file_type, f.content_type, f.file_size::float8 AS file_size, f.sha256, f.extra, f.created_at, f.object_key IS NOT NULL AS has_file
               FROM shop_nvr_channel c LEFT JOIN file_object f ON f.bucket = c.snapshot_bucket AND f.object_key = c.snapshot_key
              WHERE c.channel_id = $1`,
            [req.params.channelId],
          )
        ).rows[0],
      );
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
