// The one error middleware answers database errors the client caused with a 4xx (real
// PostgreSQL errors, as Prisma and node-postgres raise them) and everything else with a 500.
import { Prisma, queryPrepared } from "@org/db";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import type { RequestHandler } from "express";
import request from "supertest";
import {
  authErrors,
  boardErrors,
  createHttpApp,
  createLogger,
  finishHttpApp,
  type ErrorDialect,
} from "../src/index.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const MISSING_ID = "0190c1d2-5b1e-7c3a-9f00-1a2b3c4d5e6f";

function appWith(dialect: ErrorDialect) {
  const db = () => database.db;
  const routes: Record<string, RequestHandler> = {
    // Prisma model query through the driver adapter: PostgreSQL refuses a NUL (22021).
    "/nul": async () => {
      await db().user.findFirst({ where: { email: "a\u0000b" } });
    },
    // Raw query (P2010 wrapping 22003, numeric out of range).
    "/out-of-range": async () => {
      await db().$queryRaw`SELECT 2147483647::int + ${1}::int`;
    },
    // node-postgres directly (a named prepared statement).
    "/prepared": async () => {
      await queryPrepared(db(), Prisma.sql`SELECT ${"a\u0000b"}::text`);
    },
    "/unique": async () => {
      await db()
        .user.create({ data: { email: "same@example.com", name: "A", handle: "same-a" } })
        .catch(() => undefined);
      await db().user.create({ data: { email: "same@example.com", name: "B", handle: "same-b" } });
    },
    "/foreign-key": async () => {
      const user = await db().user.upsert({
        where: { email: "fk@example.com" },
        create: { email: "fk@example.com", name: "F", handle: "fk" },
        update: {},
      });
      await db().projectMember.create({ data: { projectId: MISSING_ID, userId: user.id, role: "member" } });
    },
    "/not-null": async () => {
      await db()
        .$executeRaw`INSERT INTO users (id, email, name) VALUES (${MISSING_ID}::uuid, 'n@example.com', NULL)`;
    },
    "/missing": async () => {
      await db().user.update({ where: { id: MISSING_ID }, data: { name: "x" } });
    },
    // Our own mistake, not the client's: stays a 500.
    "/broken-sql": async () => {
      await db().$queryRawUnsafe("SELECT * FROM no_such_table");
    },
  };
  const app = createHttpApp({ logger: createLogger({ service: "test", level: "silent" }) });
  for (const [path, handler] of Object.entries(routes)) app.get(path, handler);
  return finishHttpApp(app, dialect);
}

describe("database errors", () => {
  const board = appWith(boardErrors);

  it.each([
    ["/nul", 422, "validation_failed"],
    ["/out-of-range", 422, "validation_failed"],
    ["/prepared", 422, "validation_failed"],
    ["/not-null", 422, "validation_failed"],
    ["/unique", 409, "conflict"],
    ["/foreign-key", 409, "conflict"],
    ["/missing", 404, "not_found"],
    ["/broken-sql", 500, "internal"],
  ])("GET %s answers %i %s in the board envelope", async (path, status, code) => {
    const res = await request(board).get(path);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
    // PostgreSQL's own wording (tables, columns, constraints) never reaches the client.
    expect(res.text).not.toMatch(/users|no_such_table|constraint|0x00/);
  });

  it("answers bad_request 400 in the auth envelope", async () => {
    const res = await request(appWith(authErrors)).get("/nul");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error_code: "bad_request", error: expect.any(String) });
  });
});
