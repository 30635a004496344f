import type { spawn } from 'node:child_process';

/** Waits until a spawned server answers `url` (polled every 50 ms); fails when it exits or `timeoutMs` passes. */
export async function waitForServer(url: string, child: ReturnType<typeof spawn>, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error('server did not answer');
}
