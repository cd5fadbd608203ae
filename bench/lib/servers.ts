// In-process servers for the benchmarks: the board API exactly as it runs (minus logs and the
// rate limit, which would measure themselves), and a bare node:http listener to compare against.
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Db } from "@org/db";
import { loadBoardEnv, startBoardApi as startService } from "@org/board-api/service";

export interface Listening {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Bytes read so far from every connection made to it (what clients made it read). */
  bytesRead(): number;
  close(): Promise<void>;
}

/** Counts the bytes read from every connection made to `server` from now on. */
function countBytesRead(server: http.Server): () => number {
  const open = new Set<Socket>();
  let closedBytes = 0;
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => {
      open.delete(socket);
      closedBytes += socket.bytesRead;
    });
  });
  return () => [...open].reduce((sum, socket) => sum + socket.bytesRead, closedBytes);
}

/** Listens on a free loopback port. */
export async function listen(handler: http.RequestListener): Promise<Listening> {
  const server = http.createServer(handler);
  const bytesRead = countBytesRead(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bytesRead,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The board API on `databaseUrl` (already migrated), as server.ts starts it (without the sweeper
 * and webhook worker), with attachments in a temporary folder.
 */
export async function startBoardApi(
  databaseUrl: string,
  db: Db,
  env: Record<string, string> = {},
): Promise<Listening> {
  const attachmentsDir = await mkdtemp(path.join(os.tmpdir(), "bench-attachments-"));
  const board = await startService({
    env: loadBoardEnv({
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "silent",
      RATE_LIMIT_PER_MINUTE: "100000000",
      ATTACHMENTS_DIR: attachmentsDir,
      ...env,
    }),
    db,
    port: 0,
    host: "127.0.0.1",
    sweeper: false,
    webhooks: false,
  });
  const read = countBytesRead(board.server);
  return {
    url: board.url,
    bytesRead: read,
    async close() {
      await board.close();
      await rm(attachmentsDir, { recursive: true, force: true });
    },
  };
}
