import { describe, expect, it } from 'vitest';
import { repeatEvery } from './repeat.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('repeatEvery', () => {
  it('never starts a round while one runs, and goes on after a round that failed', async () => {
    let running = 0;
    let most = 0;
    let rounds = 0;
    const errors: unknown[] = [];
    const job = repeatEvery(5, async () => {
      running++;
      most = Math.max(most, running);
      rounds++;
      await sleep(20);
      running--;
      if (rounds === 1) throw new Error('first round failed');
    }, (err) => errors.push(err));
    await sleep(120);
    await job.stop();
    expect(most).toBe(1);
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(errors).toHaveLength(1);
  });

  it('stop() waits for the round in flight, tells it through the signal, and no round starts after it', async () => {
    let started = 0;
    let ended = false;
    let sawAbort = false;
    const job = repeatEvery(5, async (signal) => {
      started++;
      await sleep(40);
      sawAbort = signal.aborted;
      ended = true;
    }, () => {});
    await sleep(15);
    expect(started).toBe(1);
    await job.stop();
    expect(ended).toBe(true);
    expect(sawAbort).toBe(true);
    await sleep(30);
    expect(started).toBe(1);
  });
});
