// Issue 28: 64 /readyz at a time took another client's p50 from 9 to 572 ms. However many arrive,
// one readiness check runs at a time (a verdict less than READY_CACHE_MS old answers them all).
import type { Db } from "@org/db";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import express from "express";
import request from "supertest";
import { healthRoutes, isLocalAddress } from "../src/http/health.ts";

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
});
