// Issue 28, point 3: a web session proves a passkey again (step-up) before account security
// changes; the proof counts for 5 minutes, only for the session's own user, and only once.
import { CSRF_HEADER, createLogger, NotFoundError, StepUpRequiredError } from "@org/service-kit";
import type { Express } from "express";
import request from "supertest";
import type { TenantClient } from "../src/auth-server/tenant-client.ts";
import { createApp } from "../src/app.ts";
import { loadBoardEnv } from "../src/env.ts";
import { webConfig } from "../src/http/web.ts";
import { assertSteppedUp, STEP_UP_MAX_AGE_MS, stepUpValidUntil } from "../src/services/step-up.ts";
import { createUser } from "../src/services/users.ts";
import { resolveWebSession, startWebSession } from "../src/services/web-sessions.ts";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";

let database: TestDatabase;
let app: Express;
/** challengeId → the user the fake auth server verified it for; each is taken once. */
const logins = new Map<string, string>();
const env = () =>
  loadBoardEnv({
    DATABASE_URL: database.url,
    AUTH_SERVER_URL: "http://localhost:4999",
    AUTH_API_KEY: "ak_test",
  });

beforeAll(async () => {
  database = await createTestDatabase();
  const tenant = {
    publicUrl: "http://localhost:4999",
    verifyAuth: async (challengeId: string) => {
      const userId = logins.get(challengeId);
      logins.delete(challengeId);
      if (!userId) throw new NotFoundError("Unknown challenge.");
      return { user: { externalId: userId } };
    },
  } as unknown as TenantClient;
  app = createApp({
    env: env(),
    db: database.db,
    logger: createLogger({ service: "board-api", level: "silent" }),
    redis: undefined,
    tenant,
  });
});
afterAll(() => database.drop());

async function signedUp() {
  const { user } = await createUser({
    db: database.db,
    email: `u${Date.now()}${Math.random()}@example.com`,
    name: "U",
  });
  const session = await startWebSession({
    db: database.db,
    userId: user.id,
    lifetime: webConfig(env()).lifetime,
  });
  const stepUp = (challengeId: string) =>
    request(app)
      .post("/app/auth/step-up")
      .set("Cookie", `board_session=${session.token}`)
      .set(CSRF_HEADER, session.csrfToken)
      .send({ challengeId });
  const current = async () =>
    (await resolveWebSession({
      db: database.db,
      token: session.token,
      lifetime: webConfig(env()).lifetime,
    }))!;
  return { user, session, stepUp, current };
}

describe("step-up", () => {
  it("a session made at sign-up has proved no passkey: security changes need a step-up", async () => {
    const { current } = await signedUp();
    expect(() => assertSteppedUp(undefined)).toThrow(StepUpRequiredError);
    const session = await current();
    expect(session.steppedUpAt).toBeNull();
    expect(() => assertSteppedUp(session)).toThrow(StepUpRequiredError);
  });

  it("a passkey login of the session's own user counts for 5 minutes, then no longer", async () => {
    const { user, stepUp, current } = await signedUp();
    logins.set("login-own", user.id);
    const before = Date.now();
    const res = await stepUp("login-own");
    expect(res.status).toBe(200);
    const until = Date.parse(res.body.stepped_up_until as string);
    expect(until).toBeGreaterThanOrEqual(before + STEP_UP_MAX_AGE_MS);
    const session = await current();
    expect(() => assertSteppedUp(session)).not.toThrow();
    expect(stepUpValidUntil(session)?.toISOString()).toBe(res.body.stepped_up_until);
    // Five minutes later it no longer counts.
    expect(() => assertSteppedUp(session, until + 1)).toThrow(StepUpRequiredError);
  });

  it("refuses another account's passkey, an unknown login and a replayed one", async () => {
    const { stepUp, current } = await signedUp();
    const other = await signedUp();
    logins.set("login-other", other.user.id);
    const foreign = await stepUp("login-other");
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe("forbidden");
    expect((await current()).steppedUpAt).toBeNull();
    // The login was spent by that check: replaying it is unknown.
    expect((await stepUp("login-other")).status).toBe(401);
    expect((await stepUp("never-made")).status).toBe(401);
    expect((await current()).steppedUpAt).toBeNull();
  });

  it("needs the session and its CSRF token", async () => {
    const { user, session } = await signedUp();
    logins.set("login-csrf", user.id);
    const noCsrf = await request(app)
      .post("/app/auth/step-up")
      .set("Cookie", `board_session=${session.token}`)
      .send({ challengeId: "login-csrf" });
    expect(noCsrf.status).toBe(403);
    expect((await request(app).post("/app/auth/step-up").send({ challengeId: "login-csrf" })).status).toBe(
      401,
    );
  });

  it("a session made by a passkey sign-in starts stepped up", async () => {
    const { user } = await signedUp();
    const started = await startWebSession({
      db: database.db,
      userId: user.id,
      challengeId: `signin-${Date.now()}`,
      lifetime: webConfig(env()).lifetime,
    });
    const session = await resolveWebSession({
      db: database.db,
      token: started.token,
      lifetime: webConfig(env()).lifetime,
    });
    expect(() => assertSteppedUp(session!)).not.toThrow();
  });
});
