import pg from 'pg';

type Handler = (payload: string) => void;

/**
 * LISTEN on a PostgreSQL server through one dedicated connection (a pooled one would be handed to
 * other work). The connection is re-opened after a drop; NOTIFYs sent while it was down are lost,
 * which is why every notice is also stored (the message centre shows what a socket missed).
 */
export function pgListener(url: string, log: (msg: string, err?: unknown) => void = () => undefined) {
  const handlers = new Map<string, Set<Handler>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  // One statement at a time on the connection (two modules listening at start-up would otherwise send their
  // LISTENs at once, which pg deprecates: a client runs one query at a time).
  let chain: Promise<unknown> = Promise.resolve();
  const run = (c: pg.Client, sql: string) => {
    const done = chain.then(() => c.query(sql));
    chain = done.catch(() => undefined);
    return done;
  };

  const quote = (channel: string) => {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    return channel;
  };

  const connect = (): Promise<pg.Client> =>
    (connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => {
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      const dropped = (err?: unknown) => {
        if (client !== c) return;
        client = null;
        connecting = null;
        c.removeAllListeners('end');
        c.end().catch(() => undefined);
        if (closed) return;
        log('LISTEN connection lost; reconnecting', err);
        setTimeout(() => void connect().catch((e) => log('LISTEN reconnect failed', e)), 1000).unref();
      };
      c.on('error', dropped);
      c.on('end', () => dropped());
      await c.connect();
      client = c;
      for (const channel of handlers.keys()) await run(c, `LISTEN ${quote(channel)}`);
      return c;
    })().catch((err) => {
      connecting = null;
      throw err;
    }));

  return {
    async listen(channel: string, handler: Handler): Promise<() => Promise<void>> {
      quote(channel);
      const isNew = !handlers.has(channel);
      if (isNew) handlers.set(channel, new Set());
      handlers.get(channel)!.add(handler);
      const c = await connect();
      if (isNew) await run(c, `LISTEN ${quote(channel)}`);
      return async () => {
        const set = handlers.get(channel);
        set?.delete(handler);
        if (set && set.size === 0) {
          handlers.delete(channel);
          if (client) await run(client, `UNLISTEN ${quote(channel)}`).catch(() => undefined);
        }
      };
    },
    async close(): Promise<void> {
      closed = true;
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
