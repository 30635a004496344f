import type { FastifyInstance } from 'fastify';
import { GROUP_UNITS, type GroupUnit, MAX_GROUPS, groupKindOf, groupsPath, summableField } from '../../core/descriptors/grouping.ts';
import { listFields, routeUrl } from '../../core/descriptors/resource.ts';
import type { ResourceDescriptor, RouteDecl } from '../../core/descriptors/types.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok } from '../http/envelope.ts';
import { hiddenFor, type Req } from './access.ts';
import { asCallerError } from './dbErrors.ts';
import { Params } from './params.ts';
import { col, filterWhere, quoteIdent, routeWhere } from './query.ts';
import { filterInputSchema, paramsSchema } from './schemas.ts';
import { snapshotPageCheck } from './snapshot.ts';

/**
 * A list's groups (issue 31's group-by): the rows its filters match, counted and summed per value of one field,
 * computed by the database over every matching row (not the page on screen). Mounted beside every generic page
 * route at `groupsPath` with the page's own permission, filters and field permissions.
 */
export interface GroupsInput {
  groupBy: string;
  /** A date field's unit: its day (default) or its month. */
  unit?: GroupUnit;
  /** Fields to sum per group. */
  sums?: string[];
}

export interface GroupRow {
  key: string | number | boolean | null;
  count: number;
  sums: Record<string, number>;
}

export interface GroupsAnswer {
  groups: GroupRow[];
  /** Every matching row, whether or not its group is among the answered ones. */
  total: { count: number; sums: Record<string, number> };
  /** More groups than MAX_GROUPS: the largest are answered. */
  truncated: boolean;
}

/** The statements of a groups call; exported so a test can check them against plain SQL. */
export function groupsStatements(
  r: ResourceDescriptor, route: RouteDecl,
  req: { input: Record<string, unknown>; pathValues: Record<string, unknown>; tenantId: number; userId?: number; hidden: Set<string> },
) {
  const { input, hidden } = req;
  const groupBy = String(input.groupBy ?? '');
  const kind = groupKindOf(r, groupBy);
  if (!kind || !listFields(r).includes(groupBy)) throw new ApiError('BAD_REQUEST', `不能按“${r.fields[groupBy]?.title ?? groupBy}”分组(groupBy)`);
  if (hidden.has(groupBy)) throw new ApiError('FORBIDDEN', `您无权按${r.fields[groupBy].title}分组`);
  const sums = [...new Set((input.sums as string[] | undefined) ?? [])];
  for (const s of sums) {
    if (!summableField(r, s)) throw new ApiError('BAD_REQUEST', `“${r.fields[s]?.title ?? s}”不能合计(sums)`);
    if (hidden.has(s)) throw new ApiError('FORBIDDEN', `您无权查看${r.fields[s].title}`);
  }
  const params = new Params();
  const where = [`t.tenant_id = ${params.add(req.tenantId)}`, ...routeWhere(r, route, req.pathValues, params, hidden), ...filterWhere(r, input, params, hidden, req.userId)];
  const field = r.fields[groupBy];
  const c = col(r, groupBy);
  const unit = (input.unit as GroupUnit | undefined) ?? 'day';
  const key = kind === 'date' ? `to_char(${c}, '${unit === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD'}')` : field.type === 'number' || field.type === 'integer' ? `${c}::float8` : c;
  const sumList = sums.map((s, i) => `coalesce(sum(${col(r, s)}), 0)::float8 AS ${quoteIdent(`s${i}`)}`);
  const from = `FROM ${quoteIdent(r.table)} t WHERE ${where.join(' AND ')}`;
  // The largest groups first; dates newest first, so a month's days read as a calendar would.
  const order = kind === 'date' ? 'key DESC NULLS LAST' : 'count(*) DESC, key NULLS LAST';
  const groupsSql = `SELECT ${key} AS key, count(*) AS n${sumList.length ? `, ${sumList.join(', ')}` : ''} ${from} GROUP BY 1 ORDER BY ${order} LIMIT ${MAX_GROUPS + 1}`;
  const totalSql = `SELECT count(*) AS n${sumList.length ? `, ${sumList.join(', ')}` : ''} ${from}`;
  return { groupsSql, totalSql, params: params.values, sums };
}

type SumRow = { n: number | string } & Record<string, unknown>;
const sumsOf = (row: SumRow, sums: string[]) => Object.fromEntries(sums.map((s, i) => [s, Number(row[`s${i}`] ?? 0)]));

export function mountGroups(app: FastifyInstance, r: ResourceDescriptor, route: RouteDecl, perm: string | undefined): void {
  const groupable = listFields(r).filter((f) => groupKindOf(r, f));
  if (!groupable.length) return;
  const summable = listFields(r).filter((f) => summableField(r, f));
  const filters = filterInputSchema(r, false) as { properties: Record<string, unknown> };
  const params = paramsSchema(r, { ...route, path: groupsPath(route.path) });
  const body = {
    type: 'object',
    required: ['groupBy'],
    properties: {
      ...filters.properties,
      groupBy: { type: 'string', title: '分组字段', enum: groupable },
      unit: { type: 'string', title: '日期分组单位', enum: [...GROUP_UNITS] },
      sums: { type: 'array', title: '合计字段', maxItems: 30, items: summable.length ? { type: 'string', title: '合计字段', enum: summable } : { type: 'string', maxLength: 0 } },
    },
  };
  const sumsSchema = { type: 'object', additionalProperties: { type: 'number' } };
  app.route({
    method: 'POST',
    url: routeUrl(r, { ...route, path: groupsPath(route.path) }).replace(/\{([A-Za-z0-9]+)\}/g, ':$1'),
    config: perm ? { perm } : route.anyUser ? { anyUser: true } : {},
    schema: {
      tags: [r.service],
      summary: `${r.title}: 分组统计（按字段分组的条数与合计，覆盖全部筛选结果）`,
      ...(params ? { params } : {}),
      body,
      response: {
        200: envelopeSchema({
          type: 'object',
          required: ['groups', 'total', 'truncated'],
          properties: {
            groups: { type: 'array', items: { type: 'object', required: ['key', 'count', 'sums'], properties: { key: { type: ['string', 'number', 'boolean', 'null'] }, count: { type: 'integer' }, sums: sumsSchema } } },
            total: { type: 'object', required: ['count', 'sums'], properties: { count: { type: 'integer' }, sums: sumsSchema } },
            truncated: { type: 'boolean' },
          },
        }),
      },
    },
    handler: async (req: Req) => {
      const auth = req.auth!;
      const input = (req.body ?? {}) as Record<string, unknown>;
      const answer = await req
        .tenantTx(async (tx): Promise<GroupsAnswer> => {
          const hidden = await hiddenFor(tx, auth, r);
          const s = groupsStatements(r, route, { input, pathValues: req.params, tenantId: auth.tenantId, userId: auth.userId, hidden });
          if (await snapshotPageCheck(tx, r, input)) return { groups: [], total: { count: 0, sums: {} }, truncated: false };
          const groups = (await tx.query<SumRow & { key: GroupRow['key'] }>(s.groupsSql, s.params)).rows;
          const total = (await tx.query<SumRow>(s.totalSql, s.params)).rows[0];
          return {
            groups: groups.slice(0, MAX_GROUPS).map((g) => ({ key: g.key, count: Number(g.n), sums: sumsOf(g, s.sums) })),
            total: { count: Number(total.n), sums: sumsOf(total, s.sums) },
            truncated: groups.length > MAX_GROUPS,
          };
        })
        .catch(asCallerError);
      return ok(answer);
    },
  });
}
