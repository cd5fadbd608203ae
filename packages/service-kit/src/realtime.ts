import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import { Server as SocketServer, type ServerOptions } from "socket.io";
import type { Logger } from "./logger.ts";
import type { Metrics } from "./metrics.ts";
import { closeRedis, watchRedis } from "./redis.ts";

export interface RealtimeOptions {
  /** socket.io path; both services use the default `/socket.io`. */
  path?: string;
  /** With a URL, the Redis adapter carries events to the clients of every instance. */
  redisUrl?: string | undefined;
  cors?: ServerOptions["cors"];
  /** Where the Redis connections report an outage (once) and their recovery. */
  logger?: Logger | undefined;
  /** Counts the open connections per namespace (`socketio_connections`). */
  metrics?: Metrics | undefined;
}

export interface Realtime {
  io: SocketServer;
  /**
   * Ends every client's connection, in every namespace, at once: what a shutdown does first, or
   * the open WebSockets would hold the HTTP server's close() until its timeout.
   */
  disconnect(): void;
  /** disconnect(), then the Redis connections. */
  close(): Promise<void>;
}

/**
 * A socket.io server on `server`. Alone it reaches its own clients; with `redisUrl` it
 * publishes through Redis so that an event emitted on one instance reaches every instance's
 * clients in the same room.
 */
export function attachRealtime(server: HttpServer, options: RealtimeOptions = {}): Realtime {
  const io = new SocketServer(server, {
    path: options.path ?? "/socket.io",
    serveClient: false,
    ...(options.cors ? { cors: options.cors } : {}),
  });
  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    const pub = watchRedis(new Redis(options.redisUrl), options.logger);
    const sub = watchRedis(pub.duplicate(), options.logger);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }
  options.metrics?.watchSockets(io);
  const disconnect = () => {
    // io.close() would also close the HTTP server, which the caller owns: only the clients go.
    for (const namespace of io._nsps.values()) namespace.disconnectSockets(true);
    // Connections not (or no longer) in a namespace, such as a handshake in progress.
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
