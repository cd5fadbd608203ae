// Issue 28: 64 /readyz at a time took another client's p50 from 9 to 572 ms. However many arrive,
// one readiness check runs at a time (a verdict less than READY_CACHE_MS old answers them all).
import net from "node:net";
import { Writable } from "node:stream";
import type { Db } from "@org/db";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import express from "express";
import { Redis } from "ioredis";
import pino from "pino";
import request from "supertest";
import { healthRoutes, isLocalAddress, READY_CACHE_MS } from "../src/http/health.ts";
import { boardErrors, createHttpApp, finishHttpApp } from "../src/index.ts";

/** A logger writing parsed JSON lines into `lines`. */
function loggerInto(lines: Array<Record<string, unknown>>) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return pino({ level: "info", base: { service: "test" } }, sink);
}

/** Each probe a readiness verdict of its own (the cache would answer probes within a second alike). */
function everyProbeChecks(): () => void {
  let now = Date.now();
  const spy = jest.spyOn(Date, "now").mockImplementation(() => (now += READY_CACHE_MS));
  return () => spy.mockRestore();
}

/** Request log lines are written when the response closes, just after supertest has it. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("/readyz", () => {
  it("runs one database check for 64 concurrent probes", async () => {
    let checks = 0;
    // The real database, with its raw queries counted.
    const counted = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === "$queryRaw") {
          return (...args: unknown[]) => {
            checks += 1;
            return (target.$queryRaw as (...a: unknown[]) => unknown)(...args);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Db;
    const app = express().use(healthRoutes({ db: counted }));
    const answers = await Promise.all(Array.from({ length: 64 }, () => request(app).get("/readyz")));
    expect(answers.map((res) => res.status)).toEqual(Array(64).fill(200));
    expect(answers[0]!.body).toEqual({ status: "ok", checks: { database: "ok" } });
    expect(checks).toBe(1);
  });

  it("exempts loopback, private and link-local addresses from the per-IP limit", () => {
    for (const ip of [
      "127.0.0.1",
      "::1",
      "10.2.3.4",
      "172.31.0.1",
      "192.168.0.9",
      "169.254.1.1",
      "fd12::1",
      "fe80::1",
      "::ffff:192.168.1.1",
    ])
      expect([ip, isLocalAddress(ip)]).toEqual([ip, true]);
    for (const ip of ["203.0.113.7", "172.32.0.1", "2001:db8::1", "::ffff:8.8.8.8", undefined, "nonsense"])
      expect([ip, isLocalAddress(ip)]).toEqual([ip, false]);
  });

  it("logs a failure once when readiness changes, and once on recovery; probes are not errors", async () => {
    let databaseDown = false;
    const flaky = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === "$queryRaw" && databaseDown) {
          return () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Db;
    const lines: Array<Record<string, unknown>> = [];
    const logger = loggerInto(lines);
    const app = createHttpApp({ logger });
    app.use(healthRoutes({ db: flaky, logger }));
    finishHttpApp(app, boardErrors);
    const restore = everyProbeChecks();
    try {
      const probe = async () => {
        const status = (await request(app).get("/readyz")).status;
        await settle();
        return status;
      };
      expect(await probe()).toBe(200);
      databaseDown = true;
      for (let i = 0; i < 5; i += 1) expect(await probe()).toBe(503);
      databaseDown = false;
      for (let i = 0; i < 3; i += 1) expect(await probe()).toBe(200);
    } finally {
      restore();
    }
    const readiness = lines.filter((line) => !("req" in line));
    expect(readiness).toEqual([
      expect.objectContaining({
        level: 40,
        msg: "not ready: database unreachable",
        failures: { database: "connect ECONNREFUSED 127.0.0.1:5432" },
      }),
      expect.objectContaining({ level: 30, msg: "ready again (database answering)" }),
    ]);
    // Nine probes, nine ordinary request lines: none at error level.
    const probes = lines.filter((line) => "req" in line);
    expect(probes).toHaveLength(9);
    expect(probes.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });

  it("leaves no listener on a Redis connection that never becomes ready", async () => {
    // A server that accepts and never answers: ioredis waits in "connect" for its ready check.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const redis = new Redis({
      port: (silent.address() as net.AddressInfo).port,
      host: "127.0.0.1",
      maxRetriesPerRequest: 1,
    });
    redis.on("error", () => undefined);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const restore = everyProbeChecks();
    try {
      await new Promise((resolve) => redis.once("connect", resolve));
      const app = finishHttpApp(express().use(healthRoutes({ db: database.db, redis })), boardErrors);
      const counts = () => ["ready", "close", "end"].map((event) => redis.listenerCount(event));
      const before = counts();
      for (let i = 0; i < 3; i += 1) {
        const res = await request(app).get("/readyz");
        expect([res.status, res.body.error.details]).toEqual([
          503,
          [{ path: "redis", message: "unreachable" }],
        ]);
        expect(counts()).toEqual(before);
      }
      await settle();
      expect(warnings).toEqual([]);
    } finally {
      restore();
      process.off("warning", onWarning);
      redis.disconnect();
      silent.close();
    }
  });
});
