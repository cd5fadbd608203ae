import { createDb, Prisma, queryPrepared } from "../src/index.ts";
import { createTestDatabase, type TestDatabase } from "../src/testing/index.ts";

// This package's tests run with TZ=America/New_York (see its test script): node-postgres would
// read `timestamp without time zone` as local time, and queryPrepared must read UTC as Prisma does.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe("queryPrepared", () => {
  it("returns the same rows and instants as Prisma in a non-UTC time zone", async () => {
    expect(new Date(0).getTimezoneOffset()).not.toBe(0);
    const written = await t.db.serviceMeta.create({ data: { key: "k", value: "v" } });
    const query = Prisma.sql`SELECT key, value, updated_at FROM service_meta WHERE key = ${"k"}`;
    const [first] = await queryPrepared<{ key: string; value: string; updated_at: Date }>(t.db, query);
    const [again] = await queryPrepared<{ updated_at: Date }>(t.db, query); // the prepared statement reused
    expect(first).toEqual({ key: "k", value: "v", updated_at: written.updatedAt });
    expect(again?.updated_at.toISOString()).toBe(written.updatedAt.toISOString());
  });

  it("runs inside the transaction when given the transaction's client", async () => {
    await expect(
      t.db.$transaction(async (tx) => {
        await tx.serviceMeta.create({ data: { key: "in-tx", value: "seen" } });
        const rows = await queryPrepared<{ value: string }>(
          tx,
          Prisma.sql`SELECT value FROM service_meta WHERE key = ${"in-tx"}`,
        );
        expect(rows).toEqual([{ value: "seen" }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await t.db.serviceMeta.count({ where: { key: "in-tx" } })).toBe(0);
  });

  it("leaves no connection open after $disconnect, even when Prisma itself never ran a query", async () => {
    const connections = async () => {
      const [row] = await queryPrepared<{ n: number }>(
        t.db,
        Prisma.sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()`,
      );
      return row?.n ?? 0;
    };
    const before = await connections();
    const db = createDb({ url: t.url, maxConnections: 3 });
    await Promise.all(
      [1, 2, 3].map((n) => queryPrepared(db, Prisma.sql`SELECT ${n}::int AS n, pg_sleep(0.05)`)),
    );
    expect(await connections()).toBeGreaterThan(before);
    await db.$disconnect();
    const deadline = Date.now() + 5000;
    while ((await connections()) > before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await connections()).toBe(before);
  });
});
