import type { Server as HttpServer, IncomingMessage } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import { Server as SocketServer, type ServerOptions } from "socket.io";
import type { Logger } from "./logger.ts";
import type { Metrics } from "./metrics.ts";
import { closeRedis, REDIS_OPTIONS, watchRedis } from "./redis.ts";
import type { BaseEnv } from "./env.ts";
import { clientIpKey, clientIpOf } from "./http/client-ip.ts";
import { windowCounter, type WindowCounter } from "./http/rate-limit.ts";
import type { TrustProxy } from "./http/trust-proxy.ts";

/** Per client IP (IPv6: per /64) ceilings on socket.io connections. */
export interface SocketLimits {
  /** Open connections from one IP on this instance; the next handshake is refused (403). */
  connectionsPerIp: number;
  /** New connections a minute from one IP (shared through Redis when there is one). */
  connectsPerMinute: number;
  /** Whose X-Forwarded-For names the client (TRUST_PROXY), as for HTTP requests. */
  trustProxy: TrustProxy;
}

export interface RealtimeOptions {
  /** socket.io path; both services use the default `/socket.io`. */
  path?: string;
  /** With a URL, the Redis adapter carries events to the clients of every instance. */
  redisUrl?: string | undefined;
  /**
   * Prefixes the adapter's keys and channels in Redis: one per service (its name), so that services
   * sharing a Redis never receive each other's broadcasts and requests. Default `socket.io`.
   */
  adapterKey?: string;
  cors?: ServerOptions["cors"];
  /** Where the Redis connections report an outage (once) and their recovery. */
  logger?: Logger | undefined;
  /** Counts the open connections per namespace (`socketio_connections`). */
  metrics?: Metrics | undefined;
  /** Limits per client IP; none when absent (tests of other things). */
  limits?: SocketLimits;
}

export interface Realtime {
  io: SocketServer;
  /**
   * Ends the connections of this instance's clients, in every namespace, at once (never those of
   * other instances, which the Redis adapter would reach too): what a shutdown does once its HTTP
   * requests are drained, or the open WebSockets would hold the server's close() until its timeout.
   * The clients see the transport close ("transport close"), socket.io-client's cue to reconnect by
   * itself after a randomised delay (~0.5–1.5 s), through the load balancer to an instance that
   * stays; a server-side disconnect ("io server disconnect") would tell them not to come back.
   */
  disconnect(): void;
  /** disconnect(), then the Redis connections. */
  close(): Promise<void>;
}

/** The service's socket limits, from its environment. */
export const socketLimits = (
  env: Pick<BaseEnv, "SOCKETS_PER_IP" | "RATE_LIMIT_ANONYMOUS_PER_MINUTE" | "TRUST_PROXY">,
): SocketLimits => ({
  connectionsPerIp: env.SOCKETS_PER_IP,
  connectsPerMinute: env.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
  trustProxy: env.TRUST_PROXY,
});

type EngineSocket = { request: IncomingMessage; once(event: "close", listener: () => void): void };

/**
 * Per-IP connection accounting: `allowRequest` (engine.io's hook, run on a handshake before any
 * authentication or database work) refuses an IP that holds too many open connections or opened
 * too many this minute; `opened` counts a connection until it closes.
 */
function connectionLimiter(limits: SocketLimits, redis: Redis | undefined) {
  const open = new Map<string, number>();
  const keyOf = (req: IncomingMessage) => clientIpKey(clientIpOf(req, limits.trustProxy));
  const connects: WindowCounter = windowCounter({
    limit: limits.connectsPerMinute,
    windowMs: 60_000,
    prefix: "socket-connects",
    redis,
  });
  return {
    allowRequest(
      req: IncomingMessage,
      callback: (error: string | null | undefined, allowed: boolean) => void,
    ) {
      const key = keyOf(req);
      if ((open.get(key) ?? 0) >= limits.connectionsPerIp) {
        callback("Too many open connections from your address; close some and try again.", false);
        return;
      }
      connects.consume(key).then(
        (allowed) => callback(allowed ? null : "Too many new connections; try again in a minute.", allowed),
        // Redis unreachable: the open-connection cap above still holds.
        () => callback(null, true),
      );
    },
    opened(socket: EngineSocket) {
      const key = keyOf(socket.request);
      open.set(key, (open.get(key) ?? 0) + 1);
      socket.once("close", () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      });
    },
  };
}

/**
 * The Redis adapter publishes without waiting for the answer: in a Redis outage each failed PUBLISH
 * would be an unhandled rejection, which ends the process. An event lost that way reaches this
 * instance's clients only, as any event during the outage (which watchRedis logs).
 */
function publishingBestEffort(client: Redis): Redis {
  const publish = client.publish.bind(client) as (
    channel: string,
    message: string | Buffer,
  ) => Promise<number>;
  return Object.assign(client, {
    publish: (channel: string, message: string | Buffer) => publish(channel, message).catch(() => 0),
  });
}

/**
 * A socket.io server on `server`. Alone it reaches its own clients; with `redisUrl` it
 * publishes through Redis so that an event emitted on one instance reaches every instance's
 * clients in the same room. With `limits`, each client IP may hold and open only so many connections.
 */
export function attachRealtime(server: HttpServer, options: RealtimeOptions = {}): Realtime {
  const pub = options.redisUrl
    ? watchRedis(publishingBestEffort(new Redis(options.redisUrl, REDIS_OPTIONS)), options.logger)
    : undefined;
  // Subscriptions wait for Redis however long it takes (and are renewed at each reconnection): a
  // service starts, and stays up, while Redis is unreachable.
  const sub =
    pub &&
    watchRedis(pub.duplicate({ maxRetriesPerRequest: null, commandTimeout: undefined }), options.logger);
  const limiter = options.limits && connectionLimiter(options.limits, pub);
  const io = new SocketServer(server, {
    path: options.path ?? "/socket.io",
    serveClient: false,
    ...(options.cors ? { cors: options.cors } : {}),
    ...(limiter ? { allowRequest: limiter.allowRequest } : {}),
  });
  if (limiter) io.engine.on("connection", limiter.opened);
  if (pub && sub) io.adapter(createAdapter(pub, sub, { key: options.adapterKey ?? "socket.io" }));
  const redisClients = pub && sub ? [pub, sub] : [];
  options.metrics?.watchSockets(io);
  const disconnect = () => {
    // engine.io holds this process's connections only (handshakes in progress too). io.close()
    // would also close the HTTP server, which the caller owns; namespace.disconnectSockets() goes
    // through the adapter to every instance, and tells the clients not to reconnect.
    io.engine.close();
  };
  return {
    io,
    disconnect,
    async close() {
      disconnect();
      await Promise.all(redisClients.map(closeRedis));
    },
  };
}
