import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Express } from "express";
import type { BaseEnv } from "./env.ts";
import { createHttpServer, type RequestTimeouts } from "./http/http-server.ts";
import type { Logger } from "./logger.ts";

export interface ServeOptions {
  /**
   * The app, made once the server listens: from the URL it answers on (a test on port 0 learns
   * its PUBLIC_URL only then). Made synchronously, it is on the server before any connection is
   * read; a promise is for a server nobody knows of yet (port 0).
   */
  app(url: string): Express | Promise<Express>;
  port: number;
  host: string;
  logger: Logger;
  shutdownTimeoutMs: number;
  /** How long a request's headers, and the whole request, may take to arrive (Node's defaults when absent). */
  timeouts?: RequestTimeouts | undefined;
  /** Said on the start-up line after the URL, e.g. which database the service uses. */
  startupNote?: string | undefined;
  /** Called with the listening server once the app is on it, to attach e.g. socket.io. */
  onServer?(server: Server): void;
  /**
   * Called once a shutdown has drained the in-flight HTTP requests: end long-lived connections
   * (websockets) that would otherwise hold the server's close() open forever.
   */
  beforeClose?(): void;
  /** Releases what the app holds (workers, socket.io) after the last request finished. */
  onShutdown?(): Promise<void>;
}

/** Where to listen and how long to wait, from a service's environment, or a test's defaults without one. */
export type ListenOptions = Pick<ServeOptions, "port" | "host" | "shutdownTimeoutMs" | "timeouts">;

/**
 * The listen options of `env` (PORT, HOST, SHUTDOWN_TIMEOUT_MS, the request timeouts); without an
 * environment yet (a test on port 0 makes it from the URL), a free port on 127.0.0.1.
 */
export function listenOptionsOf(
  env:
    | Pick<
        BaseEnv,
        "PORT" | "HOST" | "SHUTDOWN_TIMEOUT_MS" | "HEADERS_TIMEOUT_SECONDS" | "REQUEST_TIMEOUT_SECONDS"
      >
    | undefined,
  overrides: { port?: number | undefined; host?: string | undefined } = {},
): ListenOptions {
  return {
    port: overrides.port ?? env?.PORT ?? 0,
    host: overrides.host ?? env?.HOST ?? "127.0.0.1",
    shutdownTimeoutMs: env?.SHUTDOWN_TIMEOUT_MS ?? 5_000,
    timeouts: env && {
      headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    },
  };
}

export interface Served {
  server: Server;
  /** Where it answers: `http://localhost:4000` for every interface, else its own address. */
  url: string;
  /**
   * Stops gracefully: stop accepting connections, let in-flight requests finish, end the
   * long-lived ones (`beforeClose`), then `onShutdown`. Past `shutdownTimeoutMs` every connection
   * still open is cut (upgraded WebSockets too); `timedOut` says so.
   */
  close(): Promise<{ timedOut: boolean }>;
}

/** `http://localhost:4000` for a service listening on every interface, else its own address. */
function localUrl(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Listens, puts the app on the server, and says where it answers. Signals are the caller's (runService). */
export async function serve(options: ServeOptions): Promise<Served> {
  const { port, host, logger, shutdownTimeoutMs, timeouts, startupNote, beforeClose, onShutdown } = options;
  const server = createHttpServer(timeouts);
  server.listen(port, host);
  // Every TCP connection, including those an upgrade took from the HTTP server's own accounting.
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port: boundPort } = server.address() as AddressInfo;
  const url = localUrl(host, boundPort);
  // Awaiting an Express app (not a promise) takes a microtask: no connection is read meanwhile.
  const app = await options.app(url);
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
  server.on("request", app);
  options.onServer?.(server);
  // The one start-up line a person reads: where the service answers (and what it runs on).
  logger.info({ port: boundPort, host, url }, `listening on ${url}${startupNote ? ` (${startupNote})` : ""}`);

  let closing: Promise<{ timedOut: boolean }> | undefined;
  const close = () =>
    (closing ??= new Promise((resolve, reject) => {
      let timedOut = false;
      const forced = setTimeout(() => {
        timedOut = true;
        logger.error({ connections: sockets.size }, "shutdown timed out; closing remaining connections");
        for (const socket of sockets) socket.destroy();
      }, shutdownTimeoutMs);
      forced.unref();
      // Stop accepting connections at once (a load balancer sends new requests elsewhere), let the
      // requests in flight finish, and only then end this instance's websockets (beforeClose): their
      // clients reconnect through the load balancer to an instance that stays.
      void new Promise<void>((done) => {
        drained = done;
        if (inFlight.size === 0) done();
      }).then(() => {
        beforeClose?.();
        // Keep-alive connections that carried the drained requests are idle now.
        server.closeIdleConnections();
      });
      server.close(() => {
        clearTimeout(forced);
        (onShutdown?.() ?? Promise.resolve()).then(() => resolve({ timedOut }), reject);
      });
      // Keep-alive connections with no request in flight would hold close() open.
      server.closeIdleConnections();
    }));
  return { server, url, close };
}
