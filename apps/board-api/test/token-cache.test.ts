// Token lookups are cached briefly; revocation must not wait for the cache.
import { createDb, subscribe, type Db } from "@org/db";
import { createLogger } from "@org/service-kit";
import type { Express } from "express";
import request from "supertest";
import { createApp } from "../src/app.ts";
import { loadBoardEnv } from "../src/env.ts";
import { ACCESS_ENDED_CHANNEL } from "../src/services/access-ended.ts";
import { revokeToken } from "../src/services/tokens.ts";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeUser } from "../src/testing/fixtures.ts";

let t: TestApp;
/** A second instance of the service: its own database client, on the same database. */
let otherDb: Db;
let other: Express;
beforeAll(async () => {
  t = await createTestApp();
  otherDb = createDb({ url: t.database.url, maxConnections: 2 });
  other = createApp({
    env: loadBoardEnv({
      DATABASE_URL: t.database.url,
      ATTACHMENTS_DIR: t.attachmentsDir,
      // The tests below ask as fast as they can (hundreds a second on a quiet machine): rate limits
      // are not what they test, and a 429 would hide the 401 they look for.
      RATE_LIMIT_PER_MINUTE: "1000000",
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: "1000000",
    }),
    db: otherDb,
    logger: createLogger({ service: "board-api", level: "silent" }),
    redis: undefined,
  });
});
afterAll(async () => {
  await otherDb.$disconnect();
  await t.close();
});

const me = (app: Express, token: string) =>
  request(app).get("/api/v1/me").set("Authorization", `Bearer ${token}`);

/** Requests until the instance answers from its cache (it listens for invalidations first). */
async function warm(app: Express, token: string) {
  for (let i = 0; i < 5; i += 1) {
    expect((await me(app, token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("API token cache", () => {
  it("a token revoked on this instance is refused by it at once", async () => {
    const { token } = await makeUser(t);
    await warm(t.app, token);
    await revokeToken({ db: t.database.db, match: { token } });
    const res = await me(t.app, token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { code: "unauthenticated", message: "The API token is invalid or revoked." },
    });
  });

  it("a token revoked by another process is refused as soon as its notification arrives", async () => {
    const { token } = await makeUser(t);
    await warm(other, token);
    // Subscribed after the instance's own cache: when this hears the revocation, so has the cache.
    const heard = new Promise<void>((resolve) => {
      subscribe(otherDb, ACCESS_ENDED_CHANNEL, { message: () => resolve(), reset: () => {} });
    });
    await new Promise((resolve) => setTimeout(resolve, 100)); // this subscription's LISTEN
    await revokeToken({ db: t.database.db, match: { token } });
    await heard;
    expect((await me(other, token)).status).toBe(401);
  });

  it("a token revoked through one instance's API is refused by the other from the moment it answers", async () => {
    const { token, user } = await makeUser(t);
    const second = await makeUser(t, { email: `second-${user.email}` });
    const [row] = await t.database.db.apiToken.findMany({ where: { userId: user.id } });
    // The other instance answers the token from its cache, and keeps being asked while it is revoked.
    await warm(other, token);
    const answers: { sentAt: number; status: number }[] = [];
    let revoking = true;
    const hammer = (async () => {
      while (revoking) {
        const sentAt = Date.now();
        answers.push({ sentAt, status: (await me(other, token)).status });
      }
    })();
    let answeredAt: number;
    try {
      const revoked = await request(t.app)
        .delete(`/api/v1/tokens/${row!.id}`)
        .set("Authorization", `Bearer ${token}`);
      answeredAt = Date.now();
      expect(revoked.status).toBe(204);
      expect((await me(other, token)).status).toBe(401);
    } finally {
      revoking = false; // a failed expectation must not leave the loop asking forever
      await hammer;
    }
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.sentAt >= answeredAt && answer.status !== 401)).toEqual([]);
    expect((await me(other, second.token)).status).toBe(200);
  });

  it("a token revoked behind the service's back is refused within a second", async () => {
    const { token, user } = await makeUser(t);
    await warm(other, token);
    await t.database.db.apiToken.updateMany({ where: { userId: user.id }, data: { revokedAt: new Date() } });
    const revokedAt = Date.now();
    // An entry lives one second from when it was cached, which was before the revocation.
    for (;;) {
      const sentAt = Date.now();
      const res = await me(other, token);
      if (res.status === 401) break;
      expect(res.status).toBe(200);
      expect(sentAt - revokedAt).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it("other tokens keep working", async () => {
    const first = await makeUser(t);
    const second = await makeUser(t);
    await warm(t.app, first.token);
    await warm(t.app, second.token);
    await revokeToken({ db: t.database.db, match: { token: first.token } });
    expect((await me(t.app, first.token)).status).toBe(401);
    expect((await me(t.app, second.token)).status).toBe(200);
  });
});
