import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TABLE_HEIGHT, onResizeSettled, tableHeightFor } from './layout';

describe('table height after a window resize', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const resize = (target: EventTarget) => target.dispatchEvent(new Event('resize'));

  it('starts at 694 px, and never goes under 300 px with 86 px reserved below', () => {
    expect(TABLE_HEIGHT.initial).toBe(694);
    expect(tableHeightFor(900, 120)).toBe(900 - 120 - 86);
    expect(tableHeightFor(420, 120)).toBe(300);
  });

  it('measures once, 700 ms after the 100 ms-debounced resize events stop', () => {
    const target = new EventTarget();
    const measure = vi.fn();
    onResizeSettled(target, measure);
    resize(target);
    vi.advanceTimersByTime(60);
    resize(target);
    vi.advanceTimersByTime(60);
    resize(target); // t = 120: the last event
    vi.advanceTimersByTime(100 + 700 - 1);
    expect(measure).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(measure).toHaveBeenCalledTimes(1);
  });

  it('a resize during the 700 ms wait starts the wait again', () => {
    const target = new EventTarget();
    const measure = vi.fn();
    onResizeSettled(target, measure);
    resize(target);
    vi.advanceTimersByTime(500); // debounce done at 100, waiting until 800
    resize(target);
    vi.advanceTimersByTime(799);
    expect(measure).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(measure).toHaveBeenCalledTimes(1);
  });

  it('stops listening and cancels a pending measure when cleaned up', () => {
    const target = new EventTarget();
    const measure = vi.fn();
    const stop = onResizeSettled(target, measure);
    resize(target);
    vi.advanceTimersByTime(300);
    stop();
    resize(target);
    vi.advanceTimersByTime(5000);
    expect(measure).not.toHaveBeenCalled();
  });
});
