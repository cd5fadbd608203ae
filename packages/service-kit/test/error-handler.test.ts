import request from "supertest";
import { z } from "zod";
import {
  authErrors,
  boardErrors,
  ConflictError,
  createHttpApp,
  createLogger,
  finishHttpApp,
  parseWith,
  RateLimitedError,
} from "../src/index.ts";

function appWith(dialect: typeof boardErrors) {
  const app = createHttpApp({ logger: createLogger({ service: "test", level: "silent" }), jsonLimit: "1kb" });
  app.get("/boom", () => {
    throw new Error("secret connection string postgres://u:p@db");
  });
  app.get("/conflict", () => {
    throw new ConflictError("Column has cards.");
  });
  app.get("/limited", () => {
    throw new RateLimitedError(7);
  });
  app.post("/items", (req, res) => {
    res.json(parseWith(z.object({ title: z.string().min(1), tags: z.array(z.string()) }), req.body));
  });
  app.get("/unique", () => {
    throw Object.assign(new Error("Unique constraint failed"), { code: "P2002" });
  });
  return finishHttpApp(app, dialect);
}

describe("board error envelope", () => {
  const app = appWith(boardErrors);

  it("hides the internals of an unexpected error behind `internal` 500", async () => {
    const res = await request(app).get("/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: "internal", message: "Internal server error." } });
    expect(res.text).not.toContain("postgres://");
  });

  it("maps a domain error to its status", async () => {
    const res = await request(app).get("/conflict");
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: "conflict", message: "Column has cards." } });
  });

  it("sets Retry-After on rate_limited", async () => {
    const res = await request(app).get("/limited");
    expect(res.status).toBe(429);
    expect(res.headers["retry-after"]).toBe("7");
  });

  it("lists every invalid field as details", async () => {
    const res = await request(app).post("/items").send({ title: "", tags: "x" });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["tags", "title"]);
  });

  it("answers an oversized JSON body with payload_too_large", async () => {
    const res = await request(app)
      .post("/items")
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ title: "x".repeat(2000), tags: [] }));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });

  it("turns a unique-constraint violation into conflict", async () => {
    const res = await request(app).get("/unique");
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
  });
});

describe("auth error envelope", () => {
  const app = appWith(authErrors);

  it("uses the AuthResponse failure shape and server_error for the unexpected", async () => {
    const res = await request(app).get("/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error_code: "server_error", error: "Internal server error." });
  });

  it("answers malformed JSON with bad_request 400", async () => {
    const res = await request(app).post("/items").set("Content-Type", "application/json").send("{nope");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error_code: "bad_request" });
  });
});
