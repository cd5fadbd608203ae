import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's: what a service under test connects to. */
  via(url: string): string;
  /** An outage: stops listening and cuts every open connection. */
  stop(): Promise<void>;
  /** The end of the outage: listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps `client` and `upstream` in `open` while they live, and ends both when either fails: the
 * two ends of one proxied connection.
 */
export function pairSockets(client: Socket, upstream: Socket, open: Set<Socket>): void {
  for (const socket of [client, upstream]) {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    socket.on("error", () => {
      client.destroy();
      upstream.destroy();
    });
  }
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * A TCP proxy on 127.0.0.1 in front of `target` (PostgreSQL, Redis), which a test stops and starts
 * to make the dependency unreachable and reachable again, as a crash or a network partition would.
 */
export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    pairSockets(client, upstream, sockets);
    client.pipe(upstream).pipe(client);
  });
  const port = await listen(server, 0);
  let listening = true;
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const proxy: TcpProxy = {
    port,
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    async stop() {
      if (!listening) return;
      listening = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      cutAll();
      await closed;
    },
    async start() {
      if (listening) return;
      await listen(server, port);
      listening = true;
    },
    close: () => proxy.stop(),
  };
  return proxy;
}
