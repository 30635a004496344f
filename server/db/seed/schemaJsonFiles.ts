import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';

/**
 * The JSON files of one folder (`menus`, `dictionaries`, …) of every schema directory, in name order, each parsed and
 * checked against its meta-schema; a file that does not parse or validate is reported in `errors` (file and JSON
 * pointer) and skipped.
 */
export function schemaJsonFiles<T>(dirs: string[], folder: string, validate: ValidateFunction<T>, errors: string[]): { file: string; json: T }[] {
  const out: { file: string; json: T }[] = [];
  for (const dir of dirs) {
    const d = path.join(dir, folder);
    if (!existsSync(d)) continue;
    for (const name of readdirSync(d).filter((f) => f.endsWith('.json')).sort()) {
      const file = path.relative(process.cwd(), path.join(d, name));
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(path.join(d, name), 'utf8'));
      } catch (err) {
        errors.push(`${file}# invalid JSON: ${(err as Error).message}`);
        continue;
      }
      if (!validate(json)) {
        for (const e of validate.errors ?? []) errors.push(`${file}#${e.instancePath} ${e.message}`);
        continue;
      }
      out.push({ file, json });
    }
  }
  return out;
}
