import { describe, expect, it } from 'vitest';
import { applyReport, ProgressRefusal, secondsToComplete, type Progress } from './progress.ts';

const start: Progress = { durationSeconds: 60, watchedSeconds: 0, furthestPosition: 0, completed: false };

describe('applyReport', () => {
  it('counts played seconds and the furthest position', () => {
    const p = applyReport(start, { position: 10, playedSeconds: 10 }, null);
    expect(p).toEqual({ durationSeconds: 60, watchedSeconds: 10, furthestPosition: 10, completed: false });
  });
  it('never counts more than the time since the last report (plus slack)', () => {
    const p = applyReport({ ...start, watchedSeconds: 10 }, { position: 50, playedSeconds: 50 }, 2);
    expect(p.watchedSeconds).toBe(17);
    expect(p.furthestPosition).toBe(50);
  });
  it('a first report counts at most 15 seconds', () => {
    expect(applyReport(start, { position: 30, playedSeconds: 30 }, null).watchedSeconds).toBe(15);
  });
  it('does not go backwards: an earlier position keeps the furthest one', () => {
    const p = applyReport({ ...start, watchedSeconds: 40, furthestPosition: 40 }, { position: 5, playedSeconds: 0 }, 10);
    expect(p.furthestPosition).toBe(40);
    expect(p.watchedSeconds).toBe(40);
  });
  it('completes at 95 % watched, not by seeking to the end', () => {
    expect(secondsToComplete(60)).toBe(57);
    const sought = applyReport(start, { position: 60, playedSeconds: 1 }, 10);
    expect(sought.completed).toBe(false);
    const done = applyReport({ ...start, watchedSeconds: 50, furthestPosition: 50 }, { position: 57, playedSeconds: 7 }, 10);
    expect(done).toMatchObject({ watchedSeconds: 57, completed: true });
  });
  it('never exceeds the duration; a position beyond it is refused', () => {
    expect(applyReport({ ...start, watchedSeconds: 58 }, { position: 60, playedSeconds: 10 }, 10).watchedSeconds).toBe(60);
    expect(() => applyReport(start, { position: 62, playedSeconds: 1 }, 10)).toThrow(ProgressRefusal);
    expect(() => applyReport(start, { position: 62, playedSeconds: 1 }, 10)).toThrow(/position/);
  });
  it('a completed course stays completed', () => {
    expect(applyReport({ ...start, watchedSeconds: 60, furthestPosition: 60, completed: true }, { position: 0, playedSeconds: 0 }, 10).completed).toBe(true);
  });
});
