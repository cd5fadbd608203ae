import { createDb } from "@org/db";
import { createLogger } from "@org/service-kit";
import request from "supertest";
import { createApp } from "../src/app.ts";
import { loadAuthEnv } from "../src/env.ts";
import { rotateTenantKey, setTenantDisabled } from "../src/services/tenants.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import {
  failure,
  ORIGIN,
  login,
  makeAuthenticator,
  makeTenant,
  registerPasskey,
  registerStart,
  sessionToken,
  tenantWithPasskey,
  userToken,
  stepUpToken,
  SESSION_JWT,
} from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = (apiKey: string) => ({
  post: (path: string, body: object = {}) =>
    request(t.app).post(`/api/v1${path}`).set("X-API-KEY", apiKey).send(body),
  get: (path: string) => request(t.app).get(`/api/v1${path}`).set("X-API-KEY", apiKey),
  patch: (path: string, body: object) =>
    request(t.app).patch(`/api/v1${path}`).set("X-API-KEY", apiKey).send(body),
  delete: (path: string) => request(t.app).delete(`/api/v1${path}`).set("X-API-KEY", apiKey),
});

describe("tenant API keys", () => {
  it("a missing or unknown key is unauthenticated; a disabled tenant's key is tenant_disabled", async () => {
    const missing = await request(t.app).post("/api/v1/session-token");
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual(failure("unauthenticated", "Missing or invalid API key."));
    const wrong = await api("ak_nope").post("/session-token");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(failure("unauthenticated", "Missing or invalid API key."));

    const fx = await tenantWithPasskey(t);
    await t.database.db.tenant.update({ where: { id: fx.tenant.id }, data: { disabled: true } });
    const disabled = await api(fx.apiKey).post("/session-token");
    expect(disabled.status).toBe(403);
    expect(disabled.body).toEqual(failure("tenant_disabled", "This tenant is disabled."));
    // Tokens issued before are refused too.
    const started = await request(t.app)
      .post("/auth/v1/authenticate/start")
      .set("Authorization", `Bearer ${fx.session}`);
    expect(started.status).toBe(403);
    expect(started.body.error_code).toBe("tenant_disabled");
  });

  it("a token works only on its tenant's own pages: another page is told which origin to add", async () => {
    const { apiKey } = await makeTenant(t, { name: "Acme" });
    await makeTenant(t, { name: "Other", origins: ["https://other.test"] });
    const session = (await api(apiKey).post("/session-token")).body.token as string;
    const fromOther = await request(t.app)
      .post("/auth/v1/authenticate/start")
      .set("Origin", "https://other.test")
      .set("Authorization", `Bearer ${session}`)
      .send({});
    expect(fromOther.status).toBe(403);
    expect(fromOther.body).toEqual(
      failure(
        "configuration_error",
        'https://other.test is not an allowed origin of the tenant "Acme": add it (cli tenant update <id> --add-origin https://other.test, or the dashboard\'s Edit tenant).',
      ),
    );
    // The other tenant's page may read the answer (it is one of the server's origins).
    expect(fromOther.headers["access-control-allow-origin"]).toBe("https://other.test");
    const token = await userToken(t.app, apiKey, { externalId: "origin-user" });
    const register = await request(t.app)
      .post("/auth/v1/register/start")
      .set("Origin", "https://other.test")
      .set("Authorization", `Bearer ${token}`)
      .send({});
    expect(register.body.error_code).toBe("configuration_error");
    const fromOwn = await request(t.app)
      .post("/auth/v1/authenticate/start")
      .set("Origin", ORIGIN)
      .set("Authorization", `Bearer ${session}`)
      .send({});
    expect(fromOwn.status).toBe(200);
  });

  it("session tokens last 15 minutes and are not cacheable", async () => {
    const { apiKey } = await makeTenant(t);
    const res = await api(apiKey).post("/session-token");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({
      token: expect.stringMatching(/^st_/),
      expiresAt: new Date(t.clock.ms + 15 * 60 * 1000).toISOString(),
    });
    // A page checks the token it holds: its expiry, from its own origin.
    const check = await request(t.app)
      .get("/auth/v1/session-token")
      .set("Origin", ORIGIN)
      .set("Authorization", `Bearer ${res.body.token}`);
    expect(check.status).toBe(200);
    expect(check.headers["cache-control"]).toBe("no-store");
    // …and what the tenant lets its sign-in box offer (the test tenant allows passwords).
    expect(check.body).toEqual({ expiresAt: res.body.expiresAt, password_login: true, self_signup: false });
    t.clock.advance(15 * 60 + 1);
    const late = await request(t.app)
      .post("/auth/v1/authenticate/start")
      .set("Authorization", `Bearer ${res.body.token}`);
    expect(late.status).toBe(401);
    expect(late.body).toEqual(
      failure(
        "token_expired",
        `This session token expired at ${res.body.expiresAt}; get a fresh one from the site's server.`,
      ),
    );
    const checked = await request(t.app)
      .get("/auth/v1/session-token")
      .set("Authorization", `Bearer ${res.body.token}`);
    expect(checked.body.error_code).toBe("token_expired");
    // An hour later the server has forgotten it: a token it does not know.
    t.clock.advance(60 * 60);
    const forgotten = await request(t.app)
      .post("/auth/v1/authenticate/start")
      .set("Authorization", `Bearer ${res.body.token}`);
    expect(forgotten.body).toEqual(failure("unauthenticated", "Missing, invalid or expired token."));
  });
});

describe("tenant changes across instances", () => {
  it("a tenant disabled, or its key rotated, through one instance is refused at once by another", async () => {
    // Another instance: its own database client, memory store and limits, on the same database.
    const otherDb = createDb({ url: t.database.url, maxConnections: 2 });
    const other = createApp({
      env: loadAuthEnv({ DATABASE_URL: t.database.url, PUBLIC_URL: "http://localhost:4100" }),
      db: otherDb,
      logger: createLogger({ service: "auth-server", level: "silent" }),
    });
    try {
      const fx = await tenantWithPasskey(t);
      const onOther = (apiKey: string) =>
        request(other).post("/api/v1/session-token").set("X-API-KEY", apiKey);
      const otherSession = (await onOther(fx.apiKey)).body.token as string;
      expect((await login(other, otherSession, fx.authenticator)).status).toBe(200);

      const { apiKey } = await rotateTenantKey({ db: t.database.db, id: fx.tenant.id });
      expect((await onOther(fx.apiKey)).status).toBe(401);
      expect((await onOther(apiKey)).status).toBe(200);

      await setTenantDisabled({ db: t.database.db, id: fx.tenant.id, disabled: true });
      expect((await onOther(apiKey)).body).toEqual(failure("tenant_disabled", "This tenant is disabled."));
      const started = await request(other)
        .post("/auth/v1/authenticate/start")
        .set("Authorization", `Bearer ${otherSession}`);
      expect(started.status).toBe(403);
      expect(started.body.error_code).toBe("tenant_disabled");
    } finally {
      await otherDb.$disconnect();
    }
  });
});

describe("user tokens", () => {
  it("create the user by externalId, update its displayName, and reject bad bodies", async () => {
    const { apiKey } = await makeTenant(t);
    const first = await api(apiKey).post("/user-token", { externalId: "u-1", displayName: "One" });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ userToken: expect.stringMatching(/^ut_/), userId: expect.any(String) });
    const again = await api(apiKey).post("/user-token", { externalId: "u-1", displayName: "Uno" });
    expect(again.body.userId).toBe(first.body.userId);
    expect((await api(apiKey).get("/users/u-1")).body.displayName).toBe("Uno");
    const bad = await api(apiKey).post("/user-token", { displayName: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      success: false,
      error_code: "bad_request",
      error: "Request is invalid.",
      details: [{ path: "externalId", message: expect.any(String) }],
    });
  });

  it("clamp the TTL to 5..600 seconds (default 600) and expire", async () => {
    const { apiKey } = await makeTenant(t);
    const cases: Array<[number | undefined, number]> = [
      [undefined, 600],
      [1, 5],
      [0, 5],
      [-50, 5],
      [30, 30],
      [10_000, 600],
    ];
    for (const [ttl, effective] of cases) {
      const token = await userToken(t.app, apiKey, {
        externalId: `ttl-${ttl}`,
        ...(ttl !== undefined ? { ttl } : {}),
      });
      t.clock.advance(effective - 1);
      expect((await registerStart(t.app, token)).status).toBe(200);
      t.clock.advance(1);
      const late = await registerStart(t.app, token);
      expect(late.status).toBe(401);
      expect(late.body).toMatchObject({ success: false, error_code: "token_expired" });
    }
  });
});

describe("users", () => {
  it("upsert, read, and 404 for unknown users or another tenant's", async () => {
    const { apiKey } = await makeTenant(t);
    const created = await api(apiKey).post("/users", {
      externalId: "emp-7",
      displayName: "Grace",
      username: "grace",
      password: "correct horse battery",
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      externalId: "emp-7",
      displayName: "Grace",
      username: "grace",
      hasPassword: true,
      disabled: false,
      passkeyCount: 0,
      createdAt: expect.any(String),
    });
    const row = await t.database.db.authUser.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const updated = await api(apiKey).post("/users", { externalId: "emp-7", displayName: "Grace H." });
    expect(updated.body).toMatchObject({
      id: created.body.id,
      displayName: "Grace H.",
      username: "grace",
      hasPassword: true,
    });
    expect((await api(apiKey).get("/users/emp-7")).body).toEqual(updated.body);

    const unknown = await api(apiKey).get("/users/nobody");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(failure("not_found", "No user with externalId nobody."));
    const other = await makeTenant(t);
    expect((await api(other.apiKey).get("/users/emp-7")).status).toBe(404);

    const taken = await api(apiKey).post("/users", { externalId: "emp-8", username: "grace" });
    expect(taken.status).toBe(409);
    expect(taken.body.error_code).toBe("conflict");
  });

  it("a disabled user keeps its passkeys but can neither sign in nor register, until enabled", async () => {
    const fx = await tenantWithPasskey(t, "to-disable");
    const disabled = await api(fx.apiKey).post("/users/to-disable/disable");
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ disabled: true, passkeyCount: 1 });

    const signIn = await login(t.app, fx.session, fx.authenticator);
    expect(signIn.status).toBe(403);
    expect(signIn.body).toEqual(failure("user_disabled", "This user has been disabled."));
    const token = await api(fx.apiKey).post("/user-token", { externalId: "to-disable" });
    expect(token.status).toBe(403);
    expect(token.body).toEqual(failure("user_disabled", "This user has been disabled."));

    const enabled = await api(fx.apiKey).post("/users/to-disable/enable");
    expect(enabled.body).toMatchObject({ disabled: false, passkeyCount: 1 });
    expect((await login(t.app, fx.session, fx.authenticator)).status).toBe(200);
    const newToken = await userToken(t.app, fx.apiKey, { externalId: "to-disable" });
    expect((await stepUpToken(t.app, newToken, fx.authenticator)).status).toBe(200);
    expect((await registerPasskey(t.app, newToken, makeAuthenticator())).status).toBe(200);

    // A token issued before the user was disabled stops working for registration.
    await api(fx.apiKey).post("/users/to-disable/disable");
    const refused = await registerStart(t.app, newToken);
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe("user_disabled");

    const types = (await t.database.db.authAuditEvent.findMany({ where: { userId: fx.userId } })).map(
      (e) => e.type,
    );
    expect(types).toEqual(
      expect.arrayContaining([
        "user_disabled",
        "user_enabled",
        "login_failure",
        "login_success",
        "registration",
      ]),
    );
  });
});

describe("deleting a user who cannot sign in", () => {
  it("deletes one with no passkey and no password (an abandoned sign-up), refuses one that can sign in", async () => {
    const fx = await tenantWithPasskey(t, "kept");
    // A user token creates the user; the sign-up is abandoned before any passkey exists.
    await userToken(t.app, fx.apiKey, { externalId: "abandoned" });
    expect((await api(fx.apiKey).get("/users/abandoned")).body).toMatchObject({ passkeyCount: 0 });
    const other = await makeTenant(t);
    expect((await api(other.apiKey).delete("/users/abandoned")).status).toBe(404);

    const deleted = await api(fx.apiKey).delete("/users/abandoned");
    expect(deleted.status).toBe(204);
    expect((await api(fx.apiKey).get("/users/abandoned")).status).toBe(404);
    const again = await api(fx.apiKey).delete("/users/abandoned");
    expect(again.status).toBe(404);
    expect(again.body).toEqual(failure("not_found", "No user with externalId abandoned."));

    const refused = await api(fx.apiKey).delete("/users/kept");
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(
      failure(
        "conflict",
        "This user can sign in (a passkey or a password): disable it instead, or delete its passkeys first.",
      ),
    );
    await api(fx.apiKey).post("/users", { externalId: "with-password", password: "correct horse battery" });
    expect((await api(fx.apiKey).delete("/users/with-password")).status).toBe(409);
    expect((await login(t.app, fx.session, fx.authenticator)).status).toBe(200);
    expect((await api("ak_nope").delete("/users/kept")).status).toBe(401);
  });
});

describe("a user's passkeys", () => {
  it("are listed, renamed and deleted by the tenant's server, by externalId; never another tenant's or user's", async () => {
    const fx = await tenantWithPasskey(t, "pk-owner");
    const listed = await api(fx.apiKey).get("/users/pk-owner/passkeys");
    expect(listed.status).toBe(200);
    expect(listed.headers["cache-control"]).toBe("no-store");
    expect(listed.body).toEqual([
      {
        id: fx.passkeyId,
        name: expect.any(String),
        created_at: expect.any(String),
        authenticator: null,
        synced: false,
      },
    ]);

    // Another tenant (even with a user of the same externalId) sees neither the user nor the passkey.
    const other = await tenantWithPasskey(t, "pk-owner");
    expect((await api(other.apiKey).get("/users/pk-owner/passkeys")).body).toEqual([
      expect.objectContaining({ id: other.passkeyId }),
    ]);
    const foreign = await api(other.apiKey).delete(`/users/pk-owner/passkeys/${fx.passkeyId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(failure("not_found", "No such passkey."));
    const unknownUser = await api(fx.apiKey).get("/users/nobody/passkeys");
    expect(unknownUser.status).toBe(404);

    // Renamed by its own tenant only; the name is trimmed and bounded.
    const foreignRename = await api(other.apiKey).patch(`/users/pk-owner/passkeys/${fx.passkeyId}`, {
      name: "Stolen",
    });
    expect(foreignRename.status).toBe(404);
    const renamed = await api(fx.apiKey).patch(`/users/pk-owner/passkeys/${fx.passkeyId}`, {
      name: "  Work laptop ",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual(expect.objectContaining({ id: fx.passkeyId, name: "Work laptop" }));
    expect((await api(fx.apiKey).get("/users/pk-owner/passkeys")).body[0].name).toBe("Work laptop");
    const blank = await api(fx.apiKey).patch(`/users/pk-owner/passkeys/${fx.passkeyId}`, { name: " " });
    expect(blank.status).toBe(400);

    const deleted = await api(fx.apiKey).delete(`/users/pk-owner/passkeys/${fx.passkeyId}`);
    expect(deleted.status).toBe(204);
    expect((await api(fx.apiKey).get("/users/pk-owner/passkeys")).body).toEqual([]);
    expect((await api(fx.apiKey).delete(`/users/pk-owner/passkeys/${fx.passkeyId}`)).status).toBe(404);
    const audited = await t.database.db.authAuditEvent.findMany({
      where: { tenantId: fx.tenant.id, type: "passkey_deleted" },
    });
    expect(audited).toHaveLength(1);
    expect(
      await api("ak_nope")
        .get("/users/pk-owner/passkeys")
        .then((res) => res.status),
    ).toBe(401);
  });
});

describe("verify-auth", () => {
  it("confirms a login once, with its prfResult; a second call and other tenants get not_found", async () => {
    const fx = await tenantWithPasskey(t);
    const res = await login(t.app, fx.session, fx.authenticator, {}, { prfResult: "cHJmLW91dHB1dA" });
    expect(res.status).toBe(200);
    const notFound = failure("not_found", "No completed login with this challengeId in the last 5 minutes.");
    // Another tenant's key learns nothing, and does not spend the login.
    const other = await makeTenant(t);
    const foreign = await api(other.apiKey).post("/verify-auth", { challengeId: res.challengeId });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(notFound);

    const first = await api(fx.apiKey).post("/verify-auth", { challengeId: res.challengeId });
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.body).toEqual({
      user: { id: fx.userId, externalId: "user-1", displayName: "Ada" },
      authenticatedAt: expect.any(String),
      method: "passkey",
      prfResult: "cHJmLW91dHB1dA",
      sessionToken: SESSION_JWT,
    });
    // Single use: whoever replays the challengeId (a stolen one, a retry) is refused.
    const second = await api(fx.apiKey).post("/verify-auth", { challengeId: res.challengeId });
    expect(second.status).toBe(404);
    expect(second.body).toEqual(notFound);

    const unknown = await api(fx.apiKey).post("/verify-auth", { challengeId: "nope" });
    expect(unknown.status).toBe(404);
  });

  it("answers only one of two concurrent calls for the same login", async () => {
    const fx = await tenantWithPasskey(t);
    const res = await login(t.app, fx.session, fx.authenticator);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api(fx.apiKey).post("/verify-auth", { challengeId: res.challengeId })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404, 404, 404]);
  });

  it("forgets a login after 5 minutes", async () => {
    const fx = await tenantWithPasskey(t);
    const res = await login(t.app, fx.session, fx.authenticator);
    t.clock.advance(5 * 60 + 1);
    expect((await api(fx.apiKey).post("/verify-auth", { challengeId: res.challengeId })).status).toBe(404);
  });

  it("takes the PRF result from clientExtensionResults when not sent apart", async () => {
    const fx = await tenantWithPasskey(t);
    const session = await sessionToken(t.app, fx.apiKey);
    const started = await request(t.app)
      .post("/auth/v1/authenticate/start")
      .set("Authorization", `Bearer ${session}`);
    const credential = fx.authenticator.authenticate(started.body.options);
    credential.clientExtensionResults = { prf: { results: { first: "ZXh0LXByZg" } } };
    const res = await request(t.app)
      .post("/auth/v1/authenticate/finish")
      .set("Authorization", `Bearer ${session}`)
      .send({ challengeId: started.body.challengeId, credential });
    expect(res.status).toBe(200);
    const verified = await api(fx.apiKey).post("/verify-auth", { challengeId: started.body.challengeId });
    expect(verified.body.prfResult).toBe("ZXh0LXByZg");
  });
});
