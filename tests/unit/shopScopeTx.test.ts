import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Shop scope (issue 27): every transaction of a call runs with the caller's shops (req.tenantTx, or callerDb(db, auth)
 * for code that opens its own), so the shop_scope policies bound whatever a route reads or writes. A transaction opened
 * straight on the database (`db.tenant`, `db.tenantStatement`, `db.copyOut`) reaches every shop of the tenant: only
 * code that serves no caller may do that, and each such file says why here. A new one fails this test until it passes
 * its caller's shops or is added with its reason.
 */
const NO_CALLER: Record<string, string> = {
  'server/app.ts': 'req.tenantTx itself: it passes the caller\'s shops',
  'server/db/index.ts': 'the database layer (tenant transactions, callerDb)',
  'server/auth/login.ts': 'login: no caller yet',
  'server/auth/session.ts': 'the session check: reads who the caller is and which shops they reach',
  'server/jobs/runner.ts': 'background jobs: run for the tenant, not for a caller',
  'server/domains/aiBox/service.ts': 'the camera-box poll: no caller',
  'server/domains/stock/expiryNotices.ts': 'the lot expiry notices: a periodic round for every warehouse, no caller',
  'server/domains/shops/reportConfig.ts': 'seeding the report columns at start-up',
  'server/printTemplates/defaults.ts': 'seeding the default print templates into every tenant at start-up: no caller',
  'server/domains/training/routes.ts': 'a signed video link (no session; a course is not a shop\'s record)',
  'server/files/downloads.ts': 'signed file links (no session; files are not a shop\'s records)',
  'server/files/ownLinks.ts': 'signed file links (no session; files are not a shop\'s records)',
  'server/files/sweeper.ts': 'the sweep of abandoned uploads: no caller',
  'server/messages/messageService.ts': 'a notice to a user: messages are the user\'s, not a shop\'s',
  'server/ops/metrics.ts': 'the metrics scrape: counts every tenant\'s job queue and fold lag, no caller',
  'server/realtime/stompBroker.ts': 'a live notice after its commit: reads the message and unread count of the user it is for (messages are the user\'s, not a shop\'s)',
  'server/resources/routes.ts': 'the page count on a second connection: passes the caller\'s shops ({ shops: auth.shops })',
};

const OPENS = /\.(tenant|tenantStatement|copyOut)!?\s*(<[^()]*>)?\(/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('shop scope of transactions', () => {
  it('request code opens tenant transactions only with its caller\'s shops', () => {
    const offenders = sources('server')
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => !f.startsWith('server/db/seed/') && !NO_CALLER[f])
      .filter((f) => {
        const text = readFileSync(f, 'utf8');
        // callerDb(db, auth): the file's own transactions are the caller's.
        return OPENS.test(text) && !text.includes('callerDb(');
      });
    expect(offenders, 'open transactions with req.tenantTx or callerDb(db, auth), or name the file in NO_CALLER with its reason').toEqual([]);
  });
});
