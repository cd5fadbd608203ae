import type { OperationMap } from "@org/contracts";
import { z } from "zod";
import request from "supertest";
import type { RequestHandler } from "express";
import {
  boardErrors,
  createHttpApp,
  createLogger,
  defineImplementations,
  finishHttpApp,
  mountOperations,
  UnauthenticatedError,
} from "../src/index.ts";

const Item = z.object({ id: z.string(), title: z.string(), created_at: z.iso.datetime() });
const operations = {
  getItem: {
    method: "get",
    path: "/items/{item_id}",
    security: ["apiKey"],
    params: z.object({ item_id: z.string().regex(/^i_\w+$/) }),
    response: Item,
    noStore: true,
  },
  createItem: {
    method: "post",
    path: "/items",
    security: ["apiKey"],
    body: z.strictObject({ title: z.string().min(1) }),
    response: Item,
    status: 201,
  },
  deleteItem: { method: "delete", path: "/items/{item_id}", security: ["none"] },
  findItem: {
    method: "get",
    path: "/items",
    security: ["none"],
    query: z.object({ title: z.string() }),
    response: Item,
    emptyStatus: 204,
    noStore: true,
  },
} as const satisfies OperationMap;

const implement = defineImplementations(operations);
const implementations = implement({
  getItem: ({ params }) => ({ id: params.item_id, title: "Milk", created_at: "2026-11-28T00:00:00.000Z" }),
  createItem: ({ body }) => ({ id: "i_new", title: body.title, created_at: "2026-11-28T00:00:00.000Z" }),
  deleteItem: () => undefined,
  // Nothing found is an answer: the operation's emptyStatus.
  findItem: ({ query }) =>
    query.title === "Milk" ? { id: "i_1", title: "Milk", created_at: "2026-11-28T00:00:00.000Z" } : undefined,
});

// What does not compile: a missing implementation, one for an operation that does not exist, and a
// handler reading a body field its operation does not have.
// @ts-expect-error deleteItem has no implementation
implement({
  getItem: implementations.getItem,
  createItem: implementations.createItem,
  findItem: implementations.findItem,
});
implement({
  ...implementations,
  // @ts-expect-error renameItem is no operation
  renameItem: () => undefined,
});
implement({
  ...implementations,
  // @ts-expect-error createItem's body has no `name`
  createItem: ({ body }) => ({ id: "i_new", title: body.name, created_at: "" }),
});

const apiKey: RequestHandler = (req, _res, next) =>
  next(req.get("x-api-key") === "k" ? undefined : new UnauthenticatedError("Missing or invalid API key."));

function appWith() {
  const app = createHttpApp({ logger: createLogger({ service: "test", level: "silent" }) });
  app.use(
    mountOperations({
      operations,
      implementations,
      prefix: "/v1",
      guard: (op) => (op.security[0] === "none" ? [] : [apiKey]),
      methodNotAllowed: true,
    }),
  );
  return finishHttpApp(app, boardErrors);
}

describe("mountOperations", () => {
  const app = appWith();

  it("guards each operation by its security before parsing anything", async () => {
    const res = await request(app).post("/v1/items").send({ bogus: true });
    expect(res.status).toBe(401);
    expect((await request(app).delete("/v1/items/i_1")).status).toBe(204);
  });

  it("parses params and body with the operation's schemas", async () => {
    const bad = await request(app).get("/v1/items/nope").set("x-api-key", "k");
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({ code: "validation_failed", details: [{ path: "item_id" }] });
    const unknown = await request(app).post("/v1/items").set("x-api-key", "k").send({ title: "a", extra: 1 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details).toEqual([{ path: "", message: 'Unrecognized key: "extra"' }]);
  });

  it("answers with the spec's status and cache headers", async () => {
    const created = await request(app).post("/v1/items").set("x-api-key", "k").send({ title: "Eggs" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: "i_new", title: "Eggs" });
    expect(created.headers["cache-control"]).toBeUndefined();
    const read = await request(app).get("/v1/items/i_7").set("x-api-key", "k");
    expect(read.status).toBe(200);
    expect(read.body.id).toBe("i_7");
    expect(read.headers["cache-control"]).toBe("no-store");
    const found = await request(app).get("/v1/items?title=Milk");
    expect([found.status, found.body.id]).toEqual([200, "i_1"]);
    const none = await request(app).get("/v1/items?title=Tea");
    expect([none.status, none.text, none.headers["cache-control"]]).toEqual([204, "", "no-store"]);
  });

  it("names the methods a known path takes", async () => {
    const res = await request(app).put("/v1/items/i_1");
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, DELETE, HEAD");
  });
});
