import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect as tcpConnect } from 'node:net';

/**
 * The fleet tests' proxy (issue 30): round-robin over the app servers, HTTP and WebSocket upgrades alike, as
 * docs/operations.md asks of the real one. It skips a server whose /readyz is not 200 (polled) and sends a request
 * whose connection was refused to the next server — it never reached the refusing one, so that is safe; any other
 * failure before an answer is a 502 to the client, as nginx answers a POST it will not repeat. Answers say which
 * server took them (x-upstream: its port).
 */
export interface FleetProxy {
  url: string;
  close(): Promise<void>;
}

/** The headers a proxy passes on: each hop's own (its keep-alive, its framing) stay on that hop. */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
const endToEnd = (headers: IncomingHttpHeaders): IncomingHttpHeaders => Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP.has(k)));

export function roundRobinProxy(targets: URL[], { readyPollMs = 100 } = {}): Promise<FleetProxy> {
  const ready = targets.map(() => true);
  let next = 0;
  /** The next ready server not yet tried for this request; with none ready, the next untried one (it may be back). */
  const pick = (tried: Set<number>): number | undefined => {
    const order = targets.map((_, k) => (next + k) % targets.length).filter((i) => !tried.has(i));
    next++;
    return order.find((i) => ready[i]) ?? order[0];
  };

  let polling = false;
  const poll = setInterval(async () => {
    if (polling) return;
    polling = true;
    await Promise.all(
      targets.map(async (to, i) => {
        ready[i] = await fetch(new URL('/readyz', to), { signal: AbortSignal.timeout(1_000) }).then((r) => r.ok, () => false);
      }),
    );
    polling = false;
  }, readyPollMs);
  poll.unref();

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, tried: Set<number>) => {
    const i = pick(tried);
    if (i === undefined) return void res.writeHead(502).end();
    const to = targets[i];
    let answered = false;
    const up = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: endToEnd(req.headers) }, (answer) => {
      res.writeHead(answer.statusCode!, { ...endToEnd(answer.headers), 'x-upstream': to.port });
      answer.on('end', () => { answered = true; });
      answer.pipe(res);
    });
    up.on('error', (err: Error & { code?: string }) => {
      // A server may answer before it has read a large body and then drop the connection (EPIPE/ECONNRESET on the
      // rest of the body): the client has its whole answer, which must not be cut by a reset.
      if (answered) return;
      if (err.code === 'ECONNREFUSED' && !res.headersSent) {
        ready[i] = false;
        return forward(req, res, body, tried.add(i));
      }
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    up.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
  });
  // Longer than the clients' idle keep-alive (undici: 4 s): a connection is never closed under a request being sent.
  server.keepAliveTimeout = 60_000;
  server.on('upgrade', (req, socket, head) => {
    const to = targets[pick(new Set())!];
    const up = tcpConnect(Number(to.port), to.hostname, () => {
      up.write(`${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
      up.write(head);
      up.pipe(socket).pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((r) => {
            clearInterval(poll);
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    }),
  );
}
