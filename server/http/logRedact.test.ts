import { describe, expect, it } from 'vitest';
import { redactUrl } from './logRedact.ts';

describe('log lines', () => {
  it('never carry a password, SMS code or link signature', () => {
    expect(redactUrl('/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123&scope=server')).toBe(
      '/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=***&scope=server',
    );
    expect(redactUrl('/x?code=123456')).toBe('/x?code=***');
    expect(redactUrl('/f?videoObjectKey=a&sign=abc')).toBe('/f?videoObjectKey=a&sign=***');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});
