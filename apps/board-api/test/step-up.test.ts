// Issue 28, point 3: a web session proves a passkey again (step-up) before account security
// changes; the proof counts for 5 minutes, only for the session's own user, and only once.
import {
  CSRF_HEADER,
  createLogger,
  NotFoundError,
  outboxMailer,
  StepUpRequiredError,
} from "@org/service-kit";
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
/** A second instance on the same database (a load balancer may send each request elsewhere). */
let other: Express;
/** challengeId → the user the fake auth server verified it for; each is taken once. */
const logins = new Map<string, string>();
/** Where both instances' mail goes (the development outbox). */
const mailer = outboxMailer({ from: "Board <no-reply@localhost>" });
/** externalId → its passkeys' ids, as the fake auth server holds them. */
const passkeys = new Map<string, string[]>();
/** What the board asked the auth server for registration tokens. */
const tokenRequests: { stepUpChallengeId?: string }[] = [];
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
    userToken: async (input: { stepUpChallengeId?: string }) => {
      tokenRequests.push(input);
      return { userToken: "ut_test", userId: "auth-user" };
    },
    listPasskeys: async (externalId: string) =>
      (passkeys.get(externalId) ?? []).map((id) => ({ id, name: id, created_at: new Date().toISOString() })),
    deletePasskey: async (externalId: string, passkeyId: string) => {
      passkeys.set(
        externalId,
        (passkeys.get(externalId) ?? []).filter((id) => id !== passkeyId),
      );
    },
  } as unknown as TenantClient;
  const instance = () =>
    createApp({
      env: env(),
      db: database.db,
      logger: createLogger({ service: "board-api", level: "silent" }),
      redis: undefined,
      tenant,
      mailer,
    });
  app = instance();
  other = instance();
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
  const stepUp = (challengeId: string, on: Express = app) =>
    request(on)
      .post("/app/auth/step-up")
      .set("Cookie", `board_session=${session.token}`)
      .set(CSRF_HEADER, session.csrfToken)
      .send({ challengeId });
  /** A request with the session's cookie and CSRF token. */
  const as = (method: "get" | "post" | "delete", path: string, on: Express = app) => {
    const agent = request(on);
    return agent[method](path)
      .set("Cookie", `board_session=${session.token}`)
      .set(CSRF_HEADER, session.csrfToken);
  };
  /** The session's last passkey proof, moved `ms` into the past (what time does to it). */
  const age = async (ms: number) => {
    const row = await database.db.webSession.findFirstOrThrow({ where: { userId: user.id } });
    await database.db.webSession.update({
      where: { id: row.id },
      data: { steppedUpAt: new Date(Date.now() - ms) },
    });
  };
  const current = async () =>
    (await resolveWebSession({
      db: database.db,
      token: session.token,
      lifetime: webConfig(env()).lifetime,
    }))!;
  return { user, session, stepUp, current, as, age };
}

describe("step-up", () => {
  it("a session made at sign-up (right after its first passkey) counts as stepped up for 5 minutes", async () => {
    const { current, age } = await signedUp();
    expect(() => assertSteppedUp(undefined)).toThrow(StepUpRequiredError);
    const fresh = await current();
    expect(() => assertSteppedUp(fresh)).not.toThrow();
    await age(STEP_UP_MAX_AGE_MS + 1000);
    const stale = await current();
    expect(() => assertSteppedUp(stale)).toThrow(StepUpRequiredError);
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
    const { stepUp, current, age } = await signedUp();
    await age(STEP_UP_MAX_AGE_MS + 1000);
    const before = (await current()).steppedUpAt;
    const someoneElse = await signedUp();
    logins.set("login-other", someoneElse.user.id);
    const foreign = await stepUp("login-other");
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe("forbidden");
    expect((await current()).steppedUpAt).toEqual(before);
    // The login was spent by that check: replaying it is unknown.
    expect((await stepUp("login-other")).status).toBe(401);
    expect((await stepUp("never-made")).status).toBe(401);
    expect((await current()).steppedUpAt).toEqual(before);
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

describe("account security changes need a step-up (403 step_up_required, then done after one)", () => {
  const refused = (res: request.Response) => {
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("step_up_required");
    expect(res.body.error.message).toMatch(/passkey/);
  };

  it("creating an API token", async () => {
    const { user, as, age, stepUp } = await signedUp();
    await age(STEP_UP_MAX_AGE_MS + 1000);
    const tokens = () => database.db.apiToken.count({ where: { userId: user.id } });
    const before = await tokens();
    refused(await as("post", "/api/v1/tokens").send({ name: "laptop" }));
    expect(await tokens()).toBe(before);
    logins.set("login-token", user.id);
    expect((await stepUp("login-token")).status).toBe(200);
    expect((await as("post", "/api/v1/tokens").send({ name: "laptop" })).status).toBe(201);
    expect(await tokens()).toBe(before + 1);
    // Listing and revoking are no security gain for a thief: they need none.
    await age(STEP_UP_MAX_AGE_MS + 1000);
    const listed = await as("get", "/api/v1/tokens");
    expect(listed.status).toBe(200);
    expect((await as("delete", `/api/v1/tokens/${listed.body.data[0].id}`)).status).toBe(204);
  });

  it("adding a passkey (its registration token) and deleting one", async () => {
    const { user, as, age, stepUp } = await signedUp();
    passkeys.set(user.id, ["pk-1", "pk-2"]);
    await age(STEP_UP_MAX_AGE_MS + 1000);
    expect((await as("get", "/app/account/passkeys")).body).toHaveLength(2);
    refused(await as("get", "/app/account/passkeys/token"));
    refused(await as("delete", "/app/account/passkeys/pk-1"));
    expect(passkeys.get(user.id)).toEqual(["pk-1", "pk-2"]);
    logins.set("login-passkeys", user.id);
    expect((await stepUp("login-passkeys")).status).toBe(200);
    expect((await as("get", "/app/account/passkeys/token")).body).toEqual({ userToken: "ut_test" });
    // The token cites the step-up's login, so the auth server lets it add a passkey at once.
    expect(tokenRequests.at(-1)).toMatchObject({ stepUpChallengeId: "login-passkeys" });
    expect((await as("delete", "/app/account/passkeys/pk-1")).status).toBe(204);
    expect(passkeys.get(user.id)).toEqual(["pk-2"]);
    // The account is told, with what to do if it was not them.
    const mail = mailer.outbox()!.find((sent) => sent.to === user.email);
    expect(mail).toMatchObject({ subject: "A passkey was removed from your Board account" });
    expect(mail!.text).toContain('The passkey "pk-1" was removed from your Board account');
    expect(mail!.text).toMatch(/If it was not, someone has your session/);
    expect(mail!.text).toContain("http://localhost:4000/app/account");
  });

  it("a step-up made on one instance counts on the other (freshness is in the database)", async () => {
    const { user, as, age, stepUp } = await signedUp();
    await age(STEP_UP_MAX_AGE_MS + 1000);
    refused(await as("post", "/api/v1/tokens", other).send({ name: "elsewhere" }));
    logins.set("login-instance", user.id);
    expect((await stepUp("login-instance", app)).status).toBe(200);
    expect((await as("post", "/api/v1/tokens", other).send({ name: "elsewhere" })).status).toBe(201);
  });
});
