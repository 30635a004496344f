import type { Database, Queryable } from './db/index.ts';
import type { SummaryTx } from './db/salesSummaries.ts';
import type { ServerConfig } from './config.ts';
import type { SmsSender } from './auth/sms.ts';
import type { Metrics } from './ops/metrics.ts';

/** What a logged-in request knows about its caller; set by the authentication hook. */
export interface AuthContext {
  tenantId: number;
  userId: number;
  userName: string;
  /** The person's name (系统管理员) where people read who did something; the login name when the user has none. */
  displayName?: string;
  shopId: number | null;
  tokenHash: string;
  roles: string[];
  isAdmin: boolean;
  /**
   * The shops the caller reaches (app_caller_shops, migration 350): null for every shop (admin, a 全部门店 role), else
   * the shops they work at, manage and the register's shop. Every transaction of the call is bounded by it
   * (req.tenantTx opens it as the shop-scoped role), so no route reads or writes another shop's rows.
   */
  shops: readonly number[] | null;
  /** The field permissions (零售价, 供应商, 毛利率, 进价总金额, 成本总金额) the caller's roles grant; admin all. */
  fieldPerms: readonly string[];
}

/** The caller's name as a record shows who did something (审核人, 提交人, 确认人): the display name, else the login name. */
export const actorName = (auth: Pick<AuthContext, 'displayName' | 'userName'>): string => auth.displayName ?? auth.userName;

/** Shared services handed to every module plugin. */
export interface AppServices {
  db: Database;
  config: ServerConfig;
  sms: SmsSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The deployment's business time zone (BUSINESS_TZ): for times the server writes outside the database. */
    businessTz: string;
    /** Where the server is in its life: draining once a shutdown began (GET /readyz answers 503 from then on). */
    lifecycle: { draining: boolean };
    /** The Prometheus metrics of this app (server/ops/metrics.ts). */
    metrics: Metrics;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Runs `fn` in a transaction scoped (by RLS) to the caller's tenant. */
    tenantTx<T>(fn: (tx: Queryable) => Promise<T>, opts?: { snapshot?: boolean }): Promise<T>;
    /** As tenantTx, for a reader of the sales summaries: the fold first, in a short transaction of its own (readSalesSummaries). */
    summaryTx<T>(fn: (tx: SummaryTx) => Promise<T>): Promise<T>;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (login, branding). */
    public?: boolean;
    /** Permission string (menu perms) the caller's menus must grant; admin has all. */
    perm?: string;
    /** On purpose open to every logged-in user (own profile, messages, dictionaries, files); the route audit test requires one of the three. */
    anyUser?: boolean;
  }
}
