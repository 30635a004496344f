import { describe, expect, it } from 'vitest';
import { DesignerError, requireContainer, requireProvider, requireStyleItemName } from './index.ts';

describe('designer errors (spec 001 §5, §8)', () => {
  it('refuses a missing container', () => {
    expect(() => requireContainer(undefined)).toThrow('options.container can not be empty');
    expect(() => requireContainer('')).toThrow('options.container can not be empty');
    expect(requireContainer('#designer')).toBe('#designer');
  });

  it('refuses an element type without provider, and tableCustom with its own message', () => {
    const providers = new Map([['text', { type: 'text' }]]);
    expect(requireProvider(providers, 'text')).toEqual({ type: 'text' });
    expect(() => requireProvider(providers, 'chart')).toThrow('check whether the provider of init is configured');
    expect(() => requireProvider({ text: 1 }, 'toString')).toThrow('check whether the provider of init is configured');
    try {
      requireProvider(providers, 'tableCustom');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DesignerError);
      expect((e as DesignerError).message).toMatch(/tableCustom.*use table/);
      expect((e as DesignerError).zh).toContain('table');
    }
  });

  it('refuses an option item without a name', () => {
    expect(() => requireStyleItemName({})).toThrow('styleItem must have name');
    expect(() => requireStyleItemName({ name: '  ' })).toThrow('styleItem must have name');
    expect(requireStyleItemName({ name: 'fontSize' }).name).toBe('fontSize');
  });
});
