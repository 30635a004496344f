import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { CONTRACT_FILE, apiContractSource } from '../../scripts/apiContract.ts';

// The browser's request and answer types come from src/api/contract.d.ts: a route whose schema changed without
// `npm run api:types` would leave the browser typed against an API the server no longer has.
it('the committed API contract is the one the server publishes (else: npm run api:types)', async () => {
  expect(readFileSync(CONTRACT_FILE, 'utf8') === (await apiContractSource())).toBe(true);
}, 180_000);
