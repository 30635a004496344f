import { describe, expect, it } from 'vitest';
import { h5RootFontSize, isMobileAgent } from './rootFontSize';

describe('h5 root font size', () => {
  it('is the viewport width / 7.5 (a 375 px phone: 50 px)', () => {
    expect(h5RootFontSize(375)).toBe(50);
    expect(h5RootFontSize(750)).toBe(100);
  });
  it('applies to mobile agents only', () => {
    expect(isMobileAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe(true);
    expect(isMobileAgent('Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36')).toBe(true);
    expect(isMobileAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe(false);
  });
});
