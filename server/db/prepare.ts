import type { MenuSeed } from './seed/menus.ts';
import { alignSalesSummaryZone, type Database } from './index.ts';
import { migrate, type MigrateResult } from './migrate.ts';
import { seedDemoData } from './seed/index.ts';
import type { Dictionaries } from '../resources/dictionaryFiles.ts';
import { seedDictionaries, shippedDictionaries } from './seed/dictionaries.ts';
import { type DefaultTemplate, seedPrintTemplates } from '../printTemplates/defaults.ts';

/**
 * The lock a start (and `npm run migrate`) holds while it brings the database up to date. Any constant works; it
 * only has to be the same in every process sharing one PostgreSQL database, and differ from migrate()'s own.
 */
const PREPARE_LOCK_KEY = 4_711_2027;

export interface PrepareResult extends MigrateResult {
  /** The sales summaries were rebuilt from this zone (BUSINESS_TZ changed), or null. */
  rebuiltFromZone: string | null;
  /** The demo data was seeded or topped up. */
  seeded: boolean;
}

/**
 * Migrations, the sales summaries' zone, the shipped dictionaries and the demo seed, in that order, by one process at a time: servers starting
 * together on one empty database wait here while the first does the work (the seed is many transactions, so the
 * migrations' own lock is not enough), then each finds everything current and does nothing. A process that dies
 * half-way lets the lock go; the next one finishes the job (the seed is recorded as done only at its end).
 */
export function prepareDatabase(
  db: Database, schemaDirs: string[], menus: MenuSeed[], dictionaries: Dictionaries = shippedDictionaries(schemaDirs), printTemplates: readonly DefaultTemplate[] = [],
): Promise<PrepareResult> {
  return db.exclusive(PREPARE_LOCK_KEY, async () => {
    const migrated = await migrate(db, schemaDirs);
    const rebuiltFromZone = await alignSalesSummaryZone(db);
    // Before the demo tenants are made: a new tenant's row copies the shipped dictionaries (migration 370).
    await seedDictionaries(db, dictionaries);
    // Likewise the default print templates (migration 397); an empty list (npm run migrate) leaves them to the next start.
    if (printTemplates.length) await seedPrintTemplates(db, printTemplates);
    const seeded = await seedDemoData(db, menus);
    return { ...migrated, rebuiltFromZone, seeded };
  });
}
