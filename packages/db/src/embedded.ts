import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface EmbeddedDatabase {
  url: string;
  /** True when another process (the running service) owns the database and we only connected. */
  borrowed: boolean;
  stop(): Promise<void>;
}

// A running owner advertises its socket here, so a second process (the admin CLI while the
// service runs) connects to it instead of opening the same files, which PGlite cannot share.
const ADVERT_FILE = "socket.json";

function urlFor(port: number): string {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

async function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

async function advertisedPort(dataDir: string): Promise<number | undefined> {
  try {
    const { port, pid } = JSON.parse(await readFile(path.join(dataDir, ADVERT_FILE), "utf8"));
    process.kill(pid, 0); // throws when the owner is gone
    return (await portAnswers(port)) ? port : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite (PostgreSQL in WASM) stored in `dataDir` (in memory without one), served on a loopback
 * port so the same pg adapter, migrations and SQL run on it as on a real server.
 *
 * PGlite is one session: the socket server multiplexes connections and keeps a transaction on
 * its connection, but interleaves the extended-protocol messages of concurrent connections.
 * Clients must therefore use a single connection (`maxConnections: 1` in createDb); the spare
 * slots are for the migration CLI and the admin CLI.
 */
export async function startEmbeddedDatabase(dataDir?: string): Promise<EmbeddedDatabase> {
  if (dataDir) {
    const port = await advertisedPort(dataDir);
    if (port) return { url: urlFor(port), borrowed: true, stop: async () => {} };
    await mkdir(dataDir, { recursive: true });
  }
  // pg_trgm: card search's trigram indexes (migration card_search_trgm).
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db: pglite, host: "127.0.0.1", port: 0, maxConnections: 4 });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  if (dataDir) await writeFile(path.join(dataDir, ADVERT_FILE), JSON.stringify({ port, pid: process.pid }));
  return {
    url: urlFor(port),
    borrowed: false,
    async stop() {
      if (dataDir) await rm(path.join(dataDir, ADVERT_FILE), { force: true });
      await server.stop();
      await pglite.close();
    },
  };
}
