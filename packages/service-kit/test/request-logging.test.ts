import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import request from "supertest";
import { boardErrors, createHttpApp, finishHttpApp } from "../src/index.ts";

/** An app whose logger writes JSON lines into `lines`. */
function appLoggingTo(lines: Array<Record<string, unknown>>, level = "info") {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = createHttpApp({ logger: pino({ level, base: { service: "test" } }, sink) });
  const api = express.Router();
  api.get("/items/:id", (req, res) => {
    res.json({ id: req.params.id });
  });
  app.use("/api", api);
  app.get("/boom", () => {
    throw new Error("kaput");
  });
  return finishHttpApp(app, boardErrors);
}

/** Lines are written when the response closes, just after supertest has it. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("request logging", () => {
  it("logs one line per request: id, method, path without the query, status, duration", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const res = await request(appLoggingTo(lines))
      .get("/api/items/7?token=secret")
      .set("X-Request-Id", "req-1")
      .set("Authorization", "Bearer secret");
    await settle();
    expect(res.headers["x-request-id"]).toBe("req-1");
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        service: "test",
        req: { id: "req-1", method: "GET", path: "/api/items/7" },
        res: { status: 200 },
        responseTime: expect.any(Number),
        msg: "request completed",
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("secret");
  });

  it("logs an unexpected error with the request's id, and the request at level error", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const res = await request(appLoggingTo(lines)).get("/boom");
    await settle();
    expect(res.status).toBe(500);
    const id = res.headers["x-request-id"];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        req: { id, method: "GET", path: "/boom" },
        err: expect.objectContaining({ message: "kaput" }),
        msg: "unhandled error",
      }),
      expect.objectContaining({
        level: 50,
        req: { id, method: "GET", path: "/boom" },
        res: { status: 500 },
        msg: "request errored",
      }),
    ]);
  });

  it("writes nothing when the level is silent, and still answers with a request id", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const res = await request(appLoggingTo(lines, "silent")).get("/boom");
    await settle();
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([]);
  });
});
