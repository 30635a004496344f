import { describe, expect, it } from 'vitest';
import { DIALOG_MIN, initialDialogRect } from './dialogRect';

describe('dialog geometry', () => {
  it('opens centred at the asked size', () => {
    expect(initialDialogRect({ width: 1400, height: 900 }, { width: 720, height: 600 })).toEqual({ x: 340, y: 100, width: 720, height: 600 });
  });
  it('never opens smaller than 410 x 300, nor wider than the window', () => {
    expect(initialDialogRect({ width: 1400, height: 900 }, { width: 100, height: 100 })).toMatchObject({ width: DIALOG_MIN.width, height: DIALOG_MIN.height });
    expect(initialDialogRect({ width: 800, height: 600 }, { width: 1350, height: 900 })).toEqual({ x: 10, y: 13, width: 780, height: 560 });
  });
});
