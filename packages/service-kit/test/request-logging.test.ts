import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import request from "supertest";
import {
  boardErrors,
  createHttpApp,
  finishHttpApp,
  requestLogOptions,
  type RequestLogOptions,
} from "../src/index.ts";

/** An app whose logger writes JSON lines into `lines`. */
function appLoggingTo(lines: Array<Record<string, unknown>>, level = "info", requestLog?: RequestLogOptions) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = createHttpApp({ logger: pino({ level, base: { service: "test" } }, sink), requestLog });
  const api = express.Router();
  api.get("/items/:id", (req, res) => {
    res.json({ id: req.params.id });
  });
  app.use("/api", api);
  app.get("/slow", (_req, res) => {
    setTimeout(() => res.json({ ok: true }), 60);
  });
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

  describe("in development (requestLogOptions)", () => {
    const development = requestLogOptions({
      NODE_ENV: "development",
      LOG_FORMAT: "pretty",
      SLOW_REQUEST_MS: 50,
    });

    it("logs each request as one concise line at debug, which LOG_LEVEL=info leaves out", async () => {
      const debug: Array<Record<string, unknown>> = [];
      await request(appLoggingTo(debug, "debug", development)).get("/api/items/7?token=secret");
      const info: Array<Record<string, unknown>> = [];
      await request(appLoggingTo(info, "info", development)).get("/api/items/7");
      await request(appLoggingTo(info, "info", development)).get("/nowhere");
      await settle();
      expect(debug).toEqual([
        {
          level: 20,
          time: expect.any(Number),
          service: "test",
          msg: expect.stringMatching(/^GET \/api\/items\/7 200 \d+ ms$/),
        },
      ]);
      expect(info).toEqual([]);
    });

    it("keeps slow requests and errors at info and above", async () => {
      const lines: Array<Record<string, unknown>> = [];
      const app = appLoggingTo(lines, "info", development);
      await request(app).get("/slow");
      await request(app).get("/boom");
      await settle();
      expect(lines.map((line) => [line.level, line.msg])).toEqual([
        [30, expect.stringMatching(/^slow request: GET \/slow 200 \d+ ms$/)],
        [50, "unhandled error"],
        [50, "request errored"],
      ]);
    });

    it("leaves production's JSON lines as they were: every request at info with its fields", () => {
      expect(requestLogOptions({ NODE_ENV: "production", LOG_FORMAT: "json", SLOW_REQUEST_MS: 50 })).toEqual({
        level: "info",
      });
      expect(requestLogOptions({ NODE_ENV: "development", LOG_FORMAT: "json", SLOW_REQUEST_MS: 50 })).toEqual(
        {
          level: "debug",
          slowMs: 50,
          concise: false,
        },
      );
    });
  });
});
