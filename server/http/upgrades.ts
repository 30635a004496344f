import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

const routers = new WeakMap<Server, Map<string, UpgradeHandler>>();

/**
 * Routes WebSocket upgrades by path prefix, so several socket servers can share the HTTP server
 * (STOMP at /wbskt/, socket.io later at /socket.io/). A path nobody claims is answered 404 and closed.
 */
export function routeUpgrade(server: Server, prefix: string, handler: UpgradeHandler): () => void {
  let routes = routers.get(server);
  if (!routes) {
    const table = new Map<string, UpgradeHandler>();
    routes = table;
    routers.set(server, table);
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (req.url ?? '/').split('?')[0];
      for (const [p, h] of table) {
        if (path === p || path.startsWith(`${p}/`)) return h(req, socket, head);
      }
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    });
  }
  const key = prefix.replace(/\/+$/, '');
  routes.set(key, handler);
  return () => void routes.delete(key);
}
