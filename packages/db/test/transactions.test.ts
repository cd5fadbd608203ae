import pg from "pg";
import { createDb, type Db } from "../src/index.ts";
import { createTestDatabase, type TestDatabase } from "../src/testing/index.ts";

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = createDb({ url: t.url, maxConnections: 1 });
});
afterAll(async () => {
  await db.$disconnect();
  await t.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What another connection sees: only committed rows. */
async function committedValue(key: string): Promise<string | undefined> {
  const other = new pg.Client({ connectionString: t.url });
  await other.connect();
  try {
    const { rows } = await other.query<{ value: string }>("SELECT value FROM service_meta WHERE key = $1", [
      key,
    ]);
    return rows[0]?.value;
  } finally {
    await other.end();
  }
}

// Prisma 7's driver adapters returned such a connection to the pool mid-transaction (prisma/orm
// #29719): every later statement on it was silently never committed. This guards an upgrade.
describe("transactions", () => {
  it("one that gave up waiting for a connection leaves none open there: later writes are committed", async () => {
    // The only connection is busy for 1 s; a second transaction may wait 100 ms only, so it fails,
    // but its BEGIN reaches the connection once the first is done (Prisma must roll it back).
    const busy = db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_sleep(1)`;
    });
    await sleep(50);
    await expect(db.$transaction(async () => undefined, { maxWait: 100 })).rejects.toThrow();
    await busy;
    await sleep(200);
    await db.serviceMeta.create({ data: { key: "after-timeout", value: "kept" } });
    expect(await committedValue("after-timeout")).toBe("kept");
  });
});
