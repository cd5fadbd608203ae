// A small round-robin reverse proxy, as a load balancer without sticky sessions behaves: each HTTP
// request, and each WebSocket upgrade, goes to the next instance in turn, whatever connection it
// came on. The instance that answered is named in the `X-Upstream` response header.
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { pairSockets } from "@org/service-kit/testing";

export interface RoundRobinProxy {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Headers to forward, with the client added to X-Forwarded-For (the instances trust loopback). */
function forwarded(headers: IncomingHttpHeaders, clientIp: string | undefined): IncomingHttpHeaders {
  const before = headers["x-forwarded-for"];
  return { ...headers, "x-forwarded-for": before ? `${String(before)}, ${clientIp}` : clientIp };
}

export async function roundRobinProxy(upstreams: string[], port = 0): Promise<RoundRobinProxy> {
  const targets = upstreams.map((url) => new URL(url));
  let next = 0;
  const pick = () => {
    const index = next;
    next = (next + 1) % targets.length;
    return { index, target: targets[index]! };
  };
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    const { index, target } = pick();
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: forwarded(req.headers, req.socket.remoteAddress),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-upstream": String(index) });
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  server.on("upgrade", (req, client: Socket, head: Buffer) => {
    const { target } = pick();
    const upstream = connect(Number(target.port), target.hostname, () => {
      const headers = forwarded(req.headers, client.remoteAddress);
      const lines = Object.entries(headers).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${item}`),
      );
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    pairSockets(client, upstream, sockets);
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as { port: number }).port;
  return {
    port: bound,
    url: `http://localhost:${bound}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
