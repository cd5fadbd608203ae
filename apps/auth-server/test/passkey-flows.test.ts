import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import {
  authenticateFinish,
  authenticateStart,
  failure,
  login,
  makeAuthenticator,
  makeTenant,
  ORIGIN,
  registerPasskey,
  registerStart,
  stepUpToken,
  sessionToken,
  tenantWithPasskey,
  userToken,
  SESSION_JWT,
} from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHALLENGE_GONE = failure(
  "challenge_expired",
  "The challenge is unknown, expired or already used; start again.",
);

describe("registration", () => {
  it("registers a discoverable passkey with a user token and names it after the AAGUID", async () => {
    const { apiKey } = await makeTenant(t);
    const tokenRes = await request(t.app)
      .post("/api/v1/user-token")
      .set("X-API-KEY", apiKey)
      .send({ externalId: "ext-1", displayName: "Ada" });
    expect(tokenRes.status).toBe(200);
    expect(tokenRes.headers["cache-control"]).toBe("no-store");
    const { userToken: token, userId } = tokenRes.body as { userToken: string; userId: string };
    expect(token).toMatch(/^ut_/);

    const started = await registerStart(t.app, token, { name: "Laptop" });
    expect(started.status).toBe(200);
    expect(started.body.options).toMatchObject({
      rp: { id: "example.test" },
      user: { id: Buffer.from(userId).toString("base64url"), name: "ext-1", displayName: "Ada" },
      authenticatorSelection: {
        residentKey: "required",
        requireResidentKey: true,
        userVerification: "required",
      },
      attestation: "none",
    });
    expect(started.body.prfSalt).toBeUndefined();

    const icloud = makeAuthenticator({ aaguid: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd", synced: true });
    const res = await registerPasskey(t.app, token, icloud);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      user: { id: userId, externalId: "ext-1", displayName: "Ada" },
      passkeyId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const stored = await t.database.db.authCredential.findUniqueOrThrow({
      where: { id: res.body.passkeyId },
    });
    expect(stored).toMatchObject({
      name: "iCloud Keychain",
      aaguid: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd",
      backupEligible: true,
      backedUp: true,
      counter: 0n,
      transports: ["internal", "hybrid"],
    });
    // A second passkey: the token proves the first one (step-up) before it may add one.
    expect((await stepUpToken(t.app, token, icloud)).status).toBe(200);
    const unknown = await registerPasskey(t.app, token, makeAuthenticator(), { finish: { name: "Yubi" } });
    expect(unknown.status).toBe(200);
    const named = await t.database.db.authCredential.findUniqueOrThrow({
      where: { id: unknown.body.passkeyId },
    });
    expect(named.name).toBe("Yubi");
  });

  it.each([
    // [tenant policy, the client's request, attachmentPolicy, attachment asked of the browser, hints]
    ["auto", undefined, undefined, undefined, undefined],
    ["auto", "cross-platform", undefined, "cross-platform", undefined],
    ["any", "cross-platform", "any", undefined, ["client-device", "hybrid", "security-key"]],
    ["platform", "cross-platform", "platform", "platform", ["client-device"]],
    ["cross-platform", "platform", "cross-platform", "cross-platform", ["security-key", "hybrid"]],
  ] as const)(
    "tenant %s, client asking %s: attachmentPolicy %s, authenticatorAttachment %s, hints %j",
    async (rule, requested, policy, attachment, hints) => {
      const { apiKey } = await makeTenant(t, { registrationAttachment: rule });
      const token = await userToken(t.app, apiKey, { externalId: "placement" });
      const res = await registerStart(t.app, token, requested ? { authenticatorAttachment: requested } : {});
      expect(res.status).toBe(200);
      expect(res.body.attachmentPolicy).toBe(policy);
      expect(res.body.options.authenticatorSelection).toEqual({
        residentKey: "required",
        requireResidentKey: true,
        userVerification: "required",
        ...(attachment ? { authenticatorAttachment: attachment } : {}),
      });
      expect(res.body.options.hints).toEqual(hints);
    },
  );

  it("with prf: true returns the tenant's salt and stores the prfHash", async () => {
    const { tenant, apiKey } = await makeTenant(t);
    const token = await userToken(t.app, apiKey, { externalId: "prf-user" });
    const started = await registerStart(t.app, token, { prf: true });
    const { createHash } = await import("node:crypto");
    const salt = createHash("sha256").update(`${tenant.id}:${tenant.rpId}`).digest("base64url");
    expect(started.body.prfSalt).toBe(salt);
    expect(started.body.options.extensions).toEqual({ credProps: true, prf: { eval: { first: salt } } });
    const res = await registerPasskey(t.app, token, makeAuthenticator(), {
      start: { prf: true },
      finish: { prfHash: "aGFzaA" },
    });
    expect(res.status).toBe(200);
    const stored = await t.database.db.authCredential.findUniqueOrThrow({
      where: { id: res.body.passkeyId },
    });
    expect(stored.prfHash).toBe("aGFzaA");
    expect(stored.name).toBe("Passkey");
  });

  it("refuses a wrong origin, a wrong RP ID, a foreign top origin and a replayed challenge", async () => {
    const { apiKey } = await makeTenant(t);
    const token = await userToken(t.app, apiKey, { externalId: "bad-reg" });
    const authenticator = makeAuthenticator();
    const wrongOrigin = await registerPasskey(t.app, token, authenticator, {
      overrides: { origin: "https://evil.test" },
    });
    expect(wrongOrigin.status).toBe(400);
    expect(wrongOrigin.body).toEqual(
      failure(
        "verification_failed",
        'Unexpected registration response origin "https://evil.test", expected one of: https://app.example.test, http://localhost:4100',
      ),
    );
    const wrongRp = await registerPasskey(t.app, token, authenticator, { overrides: { rpId: "evil.test" } });
    expect(wrongRp.status).toBe(400);
    expect(wrongRp.body.error_code).toBe("verification_failed");
    expect(wrongRp.body.error).toMatch(/RP ID/);

    const framed = await registerPasskey(t.app, token, authenticator, {
      overrides: { origin: "http://localhost:4100", crossOrigin: true, topOrigin: "https://evil.test" },
    });
    expect(framed.status).toBe(400);
    expect(framed.body).toEqual(
      failure(
        "verification_failed",
        "Cross-origin response from a page of https://evil.test, which is not an origin of this tenant.",
      ),
    );
    const embedded = await registerPasskey(t.app, token, authenticator, {
      overrides: { origin: "http://localhost:4100", crossOrigin: true, topOrigin: ORIGIN },
    });
    expect(embedded.status).toBe(200);

    // (A user without passkeys: their first one needs no step-up.)
    const newcomer = await userToken(t.app, apiKey, { externalId: "bad-reg-2" });
    const started = await registerStart(t.app, newcomer);
    const fresh = makeAuthenticator();
    const credential = fresh.register(started.body.options);
    const body = { challengeId: started.body.challengeId, credential };
    const first = await request(t.app)
      .post("/auth/v1/register/finish")
      .set("Authorization", `Bearer ${newcomer}`)
      .send(body);
    expect(first.status).toBe(200);
    // Now with a passkey, the account needs a step-up before the replay is even looked at.
    expect((await stepUpToken(t.app, newcomer, fresh)).status).toBe(200);
    const replay = await request(t.app)
      .post("/auth/v1/register/finish")
      .set("Authorization", `Bearer ${newcomer}`)
      .send(body);
    expect(replay.status).toBe(410);
    expect(replay.body).toEqual(CHALLENGE_GONE);
  });

  it("refuses user verification missing and credential ids over 1023 bytes", async () => {
    const { apiKey } = await makeTenant(t);
    const token = await userToken(t.app, apiKey, { externalId: "uv" });
    const noUv = await registerPasskey(t.app, token, makeAuthenticator(), {
      overrides: { userVerified: false },
    });
    expect(noUv.status).toBe(400);
    expect(noUv.body.error_code).toBe("verification_failed");
    const long = await registerPasskey(t.app, token, makeAuthenticator(), {
      overrides: { credentialIdBytes: 1024 },
    });
    expect(long.status).toBe(400);
    expect(long.body.error_code).toBe("verification_failed");
    const max = await registerPasskey(t.app, token, makeAuthenticator(), {
      overrides: { credentialIdBytes: 1023 },
    });
    expect(max.status).toBe(200);
  });

  it("a user token registers only its own user and only passkeys", async () => {
    const { apiKey } = await makeTenant(t);
    const tokenA = await userToken(t.app, apiKey, { externalId: "a" });
    const tokenB = await userToken(t.app, apiKey, { externalId: "b" });
    const started = await registerStart(t.app, tokenA);
    const credential = makeAuthenticator().register(started.body.options);
    const res = await request(t.app)
      .post("/auth/v1/register/finish")
      .set("Authorization", `Bearer ${tokenB}`)
      .send({ challengeId: started.body.challengeId, credential });
    expect(res.status).toBe(410);
    expect(res.body).toEqual(CHALLENGE_GONE);
    const asSession = await request(t.app)
      .post("/auth/v1/authenticate/start")
      .set("Authorization", `Bearer ${tokenA}`);
    expect(asSession.status).toBe(401);
    expect(asSession.body).toEqual(failure("unauthenticated", "Missing, invalid or expired token."));
  });
});

describe("authentication", () => {
  it("logs in with a discoverable passkey, sets the session cookie, and verify-auth confirms it", async () => {
    const fx = await tenantWithPasskey(t);
    const started = await authenticateStart(t.app, fx.session);
    expect(started.options).toMatchObject({ rpId: "example.test", userVerification: "required" });
    expect((started.options as { allowCredentials?: unknown[] }).allowCredentials ?? []).toEqual([]);
    const credential = fx.authenticator.authenticate(started.options);
    const res = await authenticateFinish(t.app, fx.session, { challengeId: started.challengeId, credential });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      user: { id: fx.userId, externalId: "user-1", displayName: "Ada" },
      challengeId: started.challengeId,
      sessionToken: SESSION_JWT,
    });
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(
      /^authkit_session=sess_[A-Za-z0-9_-]+; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/,
    );

    const verified = await request(t.app)
      .post("/api/v1/verify-auth")
      .set("X-API-KEY", fx.apiKey)
      .send({ challengeId: started.challengeId });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      user: { id: fx.userId, externalId: "user-1", displayName: "Ada" },
      authenticatedAt: new Date(t.clock.ms).toISOString(),
      method: "passkey",
      sessionToken: SESSION_JWT,
    });
    const stored = await t.database.db.authCredential.findUniqueOrThrow({ where: { id: fx.passkeyId } });
    expect(stored.counter).toBe(1n);
    expect(stored.lastUsedAt?.getTime()).toBe(t.clock.ms);
  });

  it("refuses a replayed challenge and an expired one", async () => {
    const fx = await tenantWithPasskey(t);
    const started = await authenticateStart(t.app, fx.session);
    const body = {
      challengeId: started.challengeId,
      credential: fx.authenticator.authenticate(started.options),
    };
    expect((await authenticateFinish(t.app, fx.session, body)).status).toBe(200);
    const replay = await authenticateFinish(t.app, fx.session, body);
    expect(replay.status).toBe(410);
    expect(replay.body).toEqual(CHALLENGE_GONE);

    const fresh = await sessionToken(t.app, fx.apiKey);
    const late = await authenticateStart(t.app, fresh);
    t.clock.advance(5 * 60 + 1);
    const expired = await authenticateFinish(t.app, fresh, {
      challengeId: late.challengeId,
      credential: fx.authenticator.authenticate(late.options),
    });
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual(CHALLENGE_GONE);
  });

  it("refuses a wrong origin, a wrong RP ID, a foreign top origin and missing user verification", async () => {
    const fx = await tenantWithPasskey(t);
    const origin = await login(t.app, fx.session, fx.authenticator, { origin: "https://evil.test" });
    expect(origin.status).toBe(400);
    expect(origin.body).toEqual(
      failure(
        "verification_failed",
        'Unexpected authentication response origin "https://evil.test", expected one of: https://app.example.test, http://localhost:4100',
      ),
    );
    const rp = await login(t.app, fx.session, fx.authenticator, { rpId: "evil.test" });
    expect(rp.status).toBe(400);
    expect(rp.body).toEqual(failure("verification_failed", "Unexpected RP ID hash"));
    const top = await login(t.app, fx.session, fx.authenticator, {
      origin: "http://localhost:4100",
      crossOrigin: true,
      topOrigin: "https://evil.test",
    });
    expect(top.status).toBe(400);
    expect(top.body.error).toBe(
      "Cross-origin response from a page of https://evil.test, which is not an origin of this tenant.",
    );
    const embedded = await login(t.app, fx.session, fx.authenticator, {
      origin: "http://localhost:4100",
      crossOrigin: true,
      topOrigin: ORIGIN,
    });
    expect(embedded.status).toBe(200);
    const noUv = await login(t.app, fx.session, fx.authenticator, { userVerified: false });
    expect(noUv.status).toBe(400);
    expect(noUv.body.error_code).toBe("verification_failed");
  });

  it("refuses a counter that goes backwards, logs it and writes audit rows", async () => {
    const fx = await tenantWithPasskey(t);
    expect((await login(t.app, fx.session, fx.authenticator, { counter: 10 })).status).toBe(200);
    const back = await login(t.app, fx.session, fx.authenticator, { counter: 9 });
    expect(back.status).toBe(400);
    expect(back.body).toEqual(
      failure(
        "verification_failed",
        "The authenticator's signature counter went backwards; this passkey may have been cloned.",
      ),
    );
    const same = await login(t.app, fx.session, fx.authenticator, { counter: 10 });
    expect(same.status).toBe(400);
    expect((await login(t.app, fx.session, fx.authenticator, { counter: 11 })).status).toBe(200);
    const events = await t.database.db.authAuditEvent.findMany({
      where: { tenantId: fx.tenant.id, type: { not: "tenant_created" } },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual([
      "registration",
      "login_success",
      "counter_regression",
      "login_failure",
      "counter_regression",
      "login_failure",
      "login_success",
    ]);
    expect(events[2]?.detail).toEqual({ passkeyId: fx.passkeyId, storedCounter: 10, newCounter: 9 });
  });

  it("an unsigned assertion with a lower counter is a failed signature, never a clone alarm", async () => {
    const fx = await tenantWithPasskey(t);
    expect((await login(t.app, fx.session, fx.authenticator, { counter: 10 })).status).toBe(200);
    const { challengeId, options } = await authenticateStart(t.app, fx.session);
    const credential = fx.authenticator.authenticate(options, { counter: 3 });
    credential.response.signature = Buffer.alloc(72, 7).toString("base64url");
    const forged = await authenticateFinish(t.app, fx.session, { challengeId, credential });
    expect(forged.status).toBe(400);
    expect(forged.body.error_code).toBe("verification_failed");
    const events = await t.database.db.authAuditEvent.findMany({
      where: { tenantId: fx.tenant.id, type: { not: "tenant_created" } },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual(["registration", "login_success", "login_failure"]);
    expect(events[2]?.detail).toMatchObject({ method: "passkey", reason: "signature" });
    // The stored counter is untouched: the real authenticator goes on signing in.
    expect((await login(t.app, fx.session, fx.authenticator, { counter: 11 })).status).toBe(200);
  });

  it("accepts authenticators without a counter (always 0)", async () => {
    const { apiKey } = await makeTenant(t);
    const authenticator = makeAuthenticator({ counterStep: 0 });
    const token = await userToken(t.app, apiKey, { externalId: "zero" });
    expect((await registerPasskey(t.app, token, authenticator)).status).toBe(200);
    const session = await sessionToken(t.app, apiKey);
    expect((await login(t.app, session, authenticator)).status).toBe(200);
    expect((await login(t.app, session, authenticator)).status).toBe(200);
  });

  it("an unknown credential, or one of another tenant, is credential_not_found", async () => {
    const a = await tenantWithPasskey(t);
    const b = await makeTenant(t);
    const bSession = await sessionToken(t.app, b.apiKey);
    const notFound = failure("credential_not_found", "No passkey with this id is registered for this site.");
    const foreign = await login(t.app, bSession, a.authenticator);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(notFound);

    const stranger = makeAuthenticator();
    stranger.register({
      challenge: "AAAA",
      rp: { id: "example.test", name: "x" },
      user: { id: "dXNlcg", name: "u", displayName: "u" },
      pubKeyCredParams: [],
    });
    const unknown = await login(t.app, a.session, stranger);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(notFound);

    // A's challenge cannot be finished with B's session token either.
    const started = await authenticateStart(t.app, a.session);
    const crossed = await authenticateFinish(t.app, bSession, {
      challengeId: started.challengeId,
      credential: a.authenticator.authenticate(started.options),
    });
    expect(crossed.status).toBe(410);
  });
});
