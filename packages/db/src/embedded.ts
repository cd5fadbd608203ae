import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * PGlite (PostgreSQL in WASM) stored in `dataDir` (in memory without one), served on a loopback port so the same
 * pg adapter, migrations and SQL run on it as on a real server.
 *
 * PGlite is one session: the socket server multiplexes connections and keeps a transaction on
 * its connection, but interleaves the extended-protocol messages of concurrent connections.
 * Clients must therefore use a single connection (`maxConnections: 1` in createDb); the spare
 * slots are for the migration CLI and an operator's psql.
 */
export async function startEmbeddedDatabase(dataDir?: string): Promise<EmbeddedDatabase> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // No directory: an in-memory database (scratch work such as creating a migration).
  const pglite = await PGlite.create(dataDir);
  const server = new PGLiteSocketServer({ db: pglite, host: "127.0.0.1", port: 0, maxConnections: 4 });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await pglite.close();
    },
  };
}
