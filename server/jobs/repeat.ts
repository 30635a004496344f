/** A periodic task of the process: stop() cancels the next round and resolves once the round in flight has ended. */
export interface Repeating {
  stop(): Promise<void>;
}

/**
 * Runs `round` every `everyMs` (counted from the end of one round to the start of the next, so rounds never overlap
 * however long one takes). A round that throws is handed to `onError` and the next one still comes. The timer never
 * keeps the process alive. `signal` aborts at stop(): a round over many tenants ends between two of them.
 */
export function repeatEvery(everyMs: number, round: (signal: AbortSignal) => Promise<void>, onError: (err: unknown) => void): Repeating {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (abort.signal.aborted) return;
    timer = setTimeout(() => {
      inFlight = Promise.resolve()
        .then(() => round(abort.signal))
        .catch(onError)
        .finally(schedule);
    }, everyMs);
    timer.unref();
  };
  schedule();
  return {
    stop: async () => {
      abort.abort();
      clearTimeout(timer);
      await inFlight;
    },
  };
}
