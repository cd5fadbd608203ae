// Issue 28, point 3: adding a passkey to an account that has one needs a passkey used in the last
// 5 minutes by the credential asking — a tenant's user token (either scope, registration and the
// QR code alike) or this server's own cookie session (the /demo page) — and so does deleting one
// with the cookie. The attack: a stolen token or session adds the thief's passkey. Two instances
// share the freshness through Redis.
import request from "supertest";
import type { Express } from "express";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import {
  failure,
  login,
  makeAuthenticator,
  makeTenant,
  registerPasskey,
  registerStart,
  sessionToken,
  stepUpToken,
  tenantWithPasskey,
  userToken,
} from "./helpers/flows.ts";
import { testRedisUrl } from "./helpers/live.ts";

let t: TestApp;
/** A second instance on the same database and Redis. */
let other: Express;
beforeAll(async () => {
  const env = { REDIS_URL: testRedisUrl, RATE_LIMIT_IP_PER_MINUTE: "100000" };
  t = await createTestApp(env);
  other = t.sibling(env);
});
afterAll(() => t.close());

const SIX_MINUTES = 6 * 60;
const STEP_UP_REQUIRED = failure(
  "step_up_required",
  "Confirm with your passkey first: this change needs a passkey used in the last 5 minutes.",
);
const cookieOf = (res: request.Response) => String(res.headers["set-cookie"]).split(";")[0] as string;
const passkeysOf = (userId: string) => t.database.db.authCredential.count({ where: { userId } });

/** verify-auth by the tenant's server: what makes a login citable as stepUpChallengeId. */
const verifyAuth = (app: Express, apiKey: string, challengeId: string) =>
  request(app).post("/api/v1/verify-auth").set("X-API-KEY", apiKey).send({ challengeId });

describe("adding a passkey with a tenant's user token", () => {
  it("a stolen token cannot add the thief's passkey on either instance; a step-up by that token on one lets it on the other", async () => {
    const fx = await tenantWithPasskey(t, "victim");
    const thiefKey = makeAuthenticator();
    await registerPasskey(t.app, await userToken(t.app, fx.apiKey, { externalId: "thief" }), thiefKey);
    for (const scope of ["register", "manage"]) {
      const stolen = await userToken(t.app, fx.apiKey, { externalId: "victim", scope });
      for (const app of [t.app, other]) {
        const refused = await registerStart(app, stolen);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual(STEP_UP_REQUIRED);
        // Nor through a QR code for a phone.
        const qr = await request(app)
          .post("/auth/v1/qr/start")
          .set("Authorization", `Bearer ${stolen}`)
          .send({ purpose: "register" });
        expect(qr.status).toBe(403);
        expect(qr.body).toEqual(STEP_UP_REQUIRED);
      }
      // The thief's own passkey (their account at the same site) proves nothing for this one.
      const foreign = await stepUpToken(t.app, stolen, thiefKey);
      expect(foreign.status).toBe(403);
      expect(foreign.body.error_code).toBe("forbidden");
    }
    expect(await passkeysOf(fx.userId)).toBe(1);

    // The owner: a step-up with their passkey through one instance, the passkey added through the other.
    const token = await userToken(t.app, fx.apiKey, { externalId: "victim" });
    expect((await stepUpToken(t.app, token, fx.authenticator)).status).toBe(200);
    expect((await registerPasskey(other, token, makeAuthenticator())).status).toBe(200);
    expect(await passkeysOf(fx.userId)).toBe(2);

    // It counts 5 minutes (and only for that token: another is refused at once).
    const another = await userToken(t.app, fx.apiKey, { externalId: "victim", ttl: 600 });
    expect((await registerStart(other, another)).body).toEqual(STEP_UP_REQUIRED);
    t.clock.advance(SIX_MINUTES);
    const late = await userToken(t.app, fx.apiKey, { externalId: "victim", ttl: 600 });
    expect((await stepUpToken(t.app, late, fx.authenticator)).status).toBe(200);
    t.clock.advance(SIX_MINUTES);
    expect((await registerStart(t.app, late)).body).toEqual(STEP_UP_REQUIRED);
  });

  it("the first passkey of an account needs none (there is nothing to prove it with)", async () => {
    const { apiKey } = await makeTenant(t);
    const token = await userToken(t.app, apiKey, { externalId: "newcomer" });
    expect((await registerPasskey(other, token, makeAuthenticator())).status).toBe(200);
  });

  it("a tenant's server may cite a passkey login it confirmed in the last 5 minutes (stepUpChallengeId)", async () => {
    const fx = await tenantWithPasskey(t, "cited");
    const signIn = await login(t.app, fx.session, fx.authenticator);
    const issue = (body: Record<string, unknown>, app: Express = t.app) =>
      request(app)
        .post("/api/v1/user-token")
        .set("X-API-KEY", fx.apiKey)
        .send({ externalId: "cited", ...body });

    // Not confirmed by the tenant's server yet: no proof.
    const unconfirmed = await issue({ stepUpChallengeId: signIn.body.challengeId });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.body.error_code).toBe("forbidden");
    expect((await verifyAuth(t.app, fx.apiKey, signIn.body.challengeId)).status).toBe(200);

    // Confirmed: a token issued on the other instance with it adds a passkey at once.
    const cited = await issue({ stepUpChallengeId: signIn.body.challengeId }, other);
    expect(cited.status).toBe(200);
    expect((await registerPasskey(t.app, cited.body.userToken, makeAuthenticator())).status).toBe(200);

    // Another user's login, or another tenant's, proves nothing for this one.
    const bob = await userToken(t.app, fx.apiKey, { externalId: "bob" });
    const bobKey = makeAuthenticator();
    await registerPasskey(t.app, bob, bobKey);
    const bobLogin = await login(t.app, fx.session, bobKey);
    await verifyAuth(t.app, fx.apiKey, bobLogin.body.challengeId).expect(200);
    expect((await issue({ stepUpChallengeId: bobLogin.body.challengeId })).status).toBe(403);
    const elsewhere = await tenantWithPasskey(t, "cited");
    const foreignLogin = await login(t.app, elsewhere.session, elsewhere.authenticator);
    await verifyAuth(t.app, elsewhere.apiKey, foreignLogin.body.challengeId).expect(200);
    expect((await issue({ stepUpChallengeId: foreignLogin.body.challengeId })).status).toBe(403);

    // A password login is no passkey; and the proof ends 5 minutes after the login.
    t.clock.advance(SIX_MINUTES);
    expect((await issue({ stepUpChallengeId: signIn.body.challengeId })).status).toBe(403);
  });

  it("a password login proves nothing", async () => {
    const { apiKey } = await makeTenant(t);
    const token = await userToken(t.app, apiKey, { externalId: "pw" });
    const key = makeAuthenticator();
    await registerPasskey(t.app, token, key);
    await request(t.app)
      .post("/api/v1/users")
      .set("X-API-KEY", apiKey)
      .send({ externalId: "pw", username: "pw-user", password: "a long secret phrase" })
      .expect(200);
    const session = await sessionToken(t.app, apiKey);
    const signIn = await request(t.app)
      .post("/auth/v1/password/login")
      .set("Authorization", `Bearer ${session}`)
      .send({ username: "pw-user", password: "a long secret phrase" });
    expect(signIn.status).toBe(200);
    await verifyAuth(t.app, apiKey, signIn.body.challengeId).expect(200);
    const issued = await request(t.app)
      .post("/api/v1/user-token")
      .set("X-API-KEY", apiKey)
      .send({ externalId: "pw", stepUpChallengeId: signIn.body.challengeId });
    expect(issued.status).toBe(403);
  });
});

describe("this server's cookie session (the /demo page)", () => {
  it("a passkey sign-in counts 5 minutes; a password sign-in or an older one must step up, on either instance", async () => {
    const fx = await tenantWithPasskey(t, "demo-like");
    const cookie = cookieOf(await login(t.app, fx.session, fx.authenticator));
    const withCookie = (req: request.Test) => req.set("Cookie", cookie);
    const start = (app: Express) => withCookie(request(app).post("/auth/v1/register/start")).send({});

    // Fresh from its passkey sign-in: a passkey is added through the other instance.
    const started = await start(other);
    expect(started.status).toBe(200);
    const added = await withCookie(request(t.app).post("/auth/v1/register/finish")).send({
      challengeId: started.body.challengeId,
      credential: makeAuthenticator().register(started.body.options),
    });
    expect(added.status).toBe(200);

    // The stolen cookie, later: neither adding nor deleting.
    t.clock.advance(SIX_MINUTES);
    for (const app of [t.app, other]) {
      expect((await start(app)).body).toEqual(STEP_UP_REQUIRED);
      const removed = await withCookie(request(app).delete(`/auth/v1/passkeys/${added.body.passkeyId}`));
      expect(removed.status).toBe(403);
      expect(removed.body).toEqual(STEP_UP_REQUIRED);
    }
    expect(await passkeysOf(fx.userId)).toBe(2);

    // A step-up with the cookie through one instance: the deletion goes through the other.
    const stepStart = await withCookie(request(t.app).post("/auth/v1/step-up/start")).send({});
    expect(stepStart.status).toBe(200);
    const stepped = await withCookie(request(t.app).post("/auth/v1/step-up/finish")).send({
      challengeId: stepStart.body.challengeId,
      credential: fx.authenticator.authenticate(stepStart.body.options),
    });
    expect(stepped.status).toBe(200);
    expect(
      (await withCookie(request(other).delete(`/auth/v1/passkeys/${added.body.passkeyId}`))).status,
    ).toBe(204);
  });

  it("a password sign-in is no step-up", async () => {
    const { apiKey } = await makeTenant(t);
    const key = makeAuthenticator();
    await registerPasskey(t.app, await userToken(t.app, apiKey, { externalId: "pw-cookie" }), key);
    await request(t.app)
      .post("/api/v1/users")
      .set("X-API-KEY", apiKey)
      .send({ externalId: "pw-cookie", username: "pw-cookie", password: "a long secret phrase" })
      .expect(200);
    const signIn = await request(t.app)
      .post("/auth/v1/password/login")
      .set("Authorization", `Bearer ${await sessionToken(t.app, apiKey)}`)
      .send({ username: "pw-cookie", password: "a long secret phrase" });
    expect(signIn.status).toBe(200);
    const refused = await request(t.app)
      .post("/auth/v1/register/start")
      .set("Cookie", cookieOf(signIn))
      .set("Origin", "http://localhost:4100")
      .send({});
    expect(refused.body).toEqual(STEP_UP_REQUIRED);
  });
});
