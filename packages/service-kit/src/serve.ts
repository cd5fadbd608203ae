import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Express } from "express";
import { createHttpServer, type RequestTimeouts } from "./http/http-server.ts";
import type { Logger } from "./logger.ts";

export interface ServeOptions {
  app: Express;
  port: number;
  host: string;
  logger: Logger;
  shutdownTimeoutMs: number;
  /** How long a request's headers, and the whole request, may take to arrive. */
  timeouts: RequestTimeouts;
  /** Said on the start-up line after the URL, e.g. which database the service uses. */
  startupNote?: string;
  /**
   * Called once a shutdown has drained the in-flight HTTP requests: end long-lived connections
   * (websockets) that would otherwise hold the server's close() open forever.
   */
  beforeClose?(): void;
  /** Releases what the app holds (database, Redis) after the last request finished. */
  onShutdown(): Promise<void>;
  /** Called with the open server before it listens, to attach e.g. socket.io. */
  onServer?(server: Server): void;
}

/** `http://localhost:4000` for a service listening on every interface, else its own address. */
function localUrl(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * Listens, and on SIGTERM/SIGINT shuts down gracefully: stop accepting connections, let in-flight
 * requests finish, end the long-lived ones (`beforeClose`), release resources, exit 0.
 * Past `shutdownTimeoutMs` every connection still open is cut (upgraded WebSockets too), the
 * resources are released all the same, and the exit code is 1.
 */
export async function serve(options: ServeOptions): Promise<Server> {
  const {
    app,
    port,
    host,
    logger,
    shutdownTimeoutMs,
    timeouts,
    startupNote,
    beforeClose,
    onShutdown,
    onServer,
  } = options;
  const server = createHttpServer(app, timeouts);
  server.listen(port, host);
  // Every TCP connection, including those an upgrade took from the HTTP server's own accounting.
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  // HTTP requests being answered. Registered before onServer: socket.io (engine.io) then takes its
  // own requests (long polls) ahead of this listener, so they are not counted as in flight.
  const inFlight = new Set<ServerResponse>();
  let drained: (() => void) | undefined;
  server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    res.once("close", () => {
      inFlight.delete(res);
      if (inFlight.size === 0) drained?.();
    });
  });
  onServer?.(server);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port: boundPort } = server.address() as AddressInfo;
  const url = localUrl(host, boundPort);
  // The one start-up line a person reads: where the service answers (and what it runs on).
  logger.info({ port: boundPort, host, url }, `listening on ${url}${startupNote ? ` (${startupNote})` : ""}`);

  let stopping = false;
  let timedOut = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const forced = setTimeout(() => {
      timedOut = true;
      logger.error({ connections: sockets.size }, "shutdown timed out; closing remaining connections");
      for (const socket of sockets) socket.destroy();
      // Should releasing the resources hang too, the process still ends.
      setTimeout(() => process.exit(1), 2_000).unref();
    }, shutdownTimeoutMs);
    forced.unref();
    // Stop accepting connections at once (a load balancer sends new requests elsewhere), let the
    // requests in flight finish, and only then end this instance's websockets (beforeClose): their
    // clients reconnect through the load balancer to an instance that stays.
    void new Promise<void>((resolve) => {
      drained = resolve;
      if (inFlight.size === 0) resolve();
    }).then(() => {
      beforeClose?.();
      // Keep-alive connections that carried the drained requests are idle now.
      server.closeIdleConnections();
    });
    server.close(async () => {
      clearTimeout(forced);
      try {
        await onShutdown();
        logger.info("stopped");
        process.exit(timedOut ? 1 : 0);
      } catch (error) {
        logger.error({ err: error }, "error while releasing resources");
        process.exit(1);
      }
    });
    // Keep-alive connections with no request in flight would hold close() open.
    server.closeIdleConnections();
  };
  // `on`, not `once`: Ctrl-C under `pnpm start` delivers SIGINT twice (from the terminal and
  // relayed by pnpm); a repeat during the shutdown must not kill the process with the default action.
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  return server;
}
