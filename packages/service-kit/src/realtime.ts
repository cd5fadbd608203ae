import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import { Server as SocketServer, type ServerOptions } from "socket.io";

export interface RealtimeOptions {
  /** socket.io path; both services use the default `/socket.io`. */
  path?: string;
  /** With a URL, the Redis adapter carries events to the clients of every instance. */
  redisUrl?: string | undefined;
  cors?: ServerOptions["cors"];
}

export interface Realtime {
  io: SocketServer;
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
    const pub = new Redis(options.redisUrl);
    const sub = pub.duplicate();
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }
  return {
    io,
    async close() {
      // io.close() also closes the HTTP server; the caller owns that, so only drop the sockets.
      io.disconnectSockets(true);
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
