// A small round-robin reverse proxy, as a load balancer without sticky sessions behaves: each HTTP
// request, and each WebSocket upgrade, goes to the next instance in turn, whatever connection it
// came on, and to the one after when an instance is stopped (refuses connections). The instance that answered is named in the `X-Upstream` response header.
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from "node:http";
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

/** `upstreams` is read at each request: it may be filled once the instances listen (their PUBLIC_URL is the proxy's). */
export async function roundRobinProxy(upstreams: string[], port = 0): Promise<RoundRobinProxy> {
  let next = 0;
  /** The next instance in turn, or the one after `failed` (a retry). */
  const pick = (failed?: number) => {
    let index = next;
    if (failed === undefined) next = (next + 1) % upstreams.length;
    else index = (failed + 1) % upstreams.length;
    return { index, target: new URL(upstreams[index]!) };
  };
  const sockets = new Set<Socket>();

  // As nginx's `proxy_next_upstream error`: a request that could not be handed to an instance (it
  // refused the connection: stopped; or dropped a kept-alive one before answering a GET) goes to the
  // next one. Bodies are small here: read whole, so they can be sent again.
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => send(Buffer.concat(chunks), 1));
    const send = (body: Buffer, attempt: number, failed?: number) => {
      const { index, target } = pick(failed);
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
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        const unsent =
          error.code === "ECONNREFUSED" ||
          (["GET", "HEAD"].includes(req.method ?? "") && ["ECONNRESET", "EPIPE"].includes(error.code ?? ""));
        if (!res.headersSent && unsent && attempt < upstreams.length) return send(body, attempt + 1, index);
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    };
  });

  server.on("upgrade", (req: IncomingMessage, client: Socket, head: Buffer) => upgrade(req, client, head, 1));
  const upgrade = (
    req: IncomingMessage,
    client: Socket,
    head: Buffer,
    attempt: number,
    failed?: number,
  ): void => {
    const { index, target } = pick(failed);
    const upstream = connect(Number(target.port), target.hostname);
    // A stopped instance refuses the connection: the next one (the client's socket is untouched).
    const failedToConnect = (error: NodeJS.ErrnoException) => {
      upstream.destroy();
      if (error.code === "ECONNREFUSED" && attempt < upstreams.length)
        upgrade(req, client, head, attempt + 1, index);
      else client.destroy();
    };
    upstream.once("error", failedToConnect);
    upstream.once("connect", () => {
      upstream.off("error", failedToConnect);
      pairSockets(client, upstream, sockets);
      const headers = forwarded(req.headers, client.remoteAddress);
      const lines = Object.entries(headers).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${item}`),
      );
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
  };

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
