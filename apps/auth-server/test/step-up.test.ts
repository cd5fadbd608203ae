// Issue 28, point 3: adding or removing a passkey needs a passkey used in the last 5 minutes by the
// credential asking (the dashboard's session here): the sign-in counts, a step-up renews it, and a
// step-up made through one instance counts on the other (the store is Redis).
import request from "supertest";
import type { Express } from "express";
import { SoftwareAuthenticator } from "../src/testing/index.ts";
import { ADMIN_ORIGIN, signedInAdmin } from "./helpers/admin.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import {
  failure,
  login,
  makeAuthenticator,
  ORIGIN,
  registerPasskey,
  tenantWithPasskey,
  userToken,
} from "./helpers/flows.ts";
import { testRedisUrl } from "./helpers/live.ts";

let t: TestApp;
/** A second instance on the same database and Redis. */
let other: Express;
beforeAll(async () => {
  const env = {
    REDIS_URL: testRedisUrl,
    // Redis counters are shared by every test run on the machine: limits out of the way.
    RATE_LIMIT_IP_PER_MINUTE: "100000",
  };
  t = await createTestApp(env);
  other = t.sibling(env);
});
afterAll(() => t.close());

const SIX_MINUTES = 6 * 60;

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
const post = (app: Express, who: Admin, path: string, body: object = {}) =>
  request(app).post(path).set("Cookie", who.cookie).set("X-CSRF-Token", who.csrf).send(body);
const del = (app: Express, who: Admin, path: string) =>
  request(app).delete(path).set("Cookie", who.cookie).set("X-CSRF-Token", who.csrf);

/** The dashboard's step-up: options, the authenticator's assertion, finish. */
async function stepUp(app: Express, who: Admin, authenticator: SoftwareAuthenticator) {
  const started = await post(app, who, "/admin/api/me/step-up/start");
  expect(started.status).toBe(200);
  const credential = authenticator.authenticate(started.body.options);
  return post(app, who, "/admin/api/me/step-up/finish", {
    challengeId: started.body.challengeId,
    credential,
  });
}

const STEP_UP_REQUIRED = failure(
  "step_up_required",
  "Confirm with your passkey first: this change needs a passkey used in the last 5 minutes.",
);

describe("step-up for an administrator's own passkeys", () => {
  it("the sign-in counts for 5 minutes; then adding and removing answer step_up_required until a step-up", async () => {
    const me = await signedInAdmin(t, { email: "stepper@example.test", name: "Stepper" });
    // Fresh from the sign-in: a passkey is added.
    const phone = new SoftwareAuthenticator({ origin: ADMIN_ORIGIN });
    const started = await post(t.app, me, "/admin/api/me/passkeys/register/start");
    expect(started.status).toBe(200);
    const added = await post(t.app, me, "/admin/api/me/passkeys/register/finish", {
      challengeId: started.body.challengeId,
      credential: phone.register(started.body.options),
    });
    expect(added.status).toBe(201);

    t.clock.advance(SIX_MINUTES);
    const refusedAdd = await post(t.app, me, "/admin/api/me/passkeys/register/start");
    expect(refusedAdd.status).toBe(403);
    expect(refusedAdd.body).toEqual(STEP_UP_REQUIRED);
    const refusedDelete = await del(t.app, me, `/admin/api/me/passkeys/${added.body.id}`);
    expect(refusedDelete.status).toBe(403);
    expect(refusedDelete.body).toEqual(STEP_UP_REQUIRED);
    expect(
      await t.database.db.authCredential.count({ where: { user: { externalId: me.admin.email } } }),
    ).toBe(2);

    // The new phone's passkey confirms: the deletion goes through, and the step-up was audited
    // as a login without a session.
    const confirmed = await stepUp(t.app, me, phone);
    expect(confirmed.status).toBe(200);
    expect(Date.parse(confirmed.body.stepped_up_until)).toBe(t.clock.ms + 5 * 60_000);
    const [laptop] = (await request(t.app).get("/admin/api/me/passkeys").set("Cookie", me.cookie)).body
      .data as { id: string }[];
    expect((await del(t.app, me, `/admin/api/me/passkeys/${laptop!.id}`)).status).toBe(204);
    const audited = await t.database.db.authAuditEvent.findFirst({
      where: { type: "login_success", detail: { path: ["via"], equals: "step_up" } },
    });
    expect(audited).not.toBeNull();

    t.clock.advance(SIX_MINUTES);
    expect((await post(t.app, me, "/admin/api/me/passkeys/register/start")).status).toBe(403);
  });

  it("refuses another administrator's passkey, and a replayed assertion", async () => {
    const me = await signedInAdmin(t, { email: "mine@example.test", name: "Mine" });
    const rogue = await signedInAdmin(t, { email: "rogue-step@example.test", name: "Rogue" });
    t.clock.advance(SIX_MINUTES);
    const foreign = await stepUp(t.app, me, rogue.authenticator);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error_code).toBe("forbidden");
    expect((await post(t.app, me, "/admin/api/me/passkeys/register/start")).status).toBe(403);

    const started = await post(t.app, me, "/admin/api/me/step-up/start");
    const body = {
      challengeId: started.body.challengeId,
      credential: me.authenticator.authenticate(started.body.options),
    };
    expect((await post(t.app, me, "/admin/api/me/step-up/finish", body)).status).toBe(200);
    expect((await post(t.app, me, "/admin/api/me/step-up/finish", body)).status).toBe(410);
  });

  it("needs the session and its CSRF token", async () => {
    expect((await request(t.app).post("/admin/api/me/step-up/start").send({})).status).toBe(401);
    const me = await signedInAdmin(t, { email: "csrf-step@example.test", name: "Csrf" });
    expect(
      (await request(t.app).post("/admin/api/me/step-up/start").set("Cookie", me.cookie).send({})).status,
    ).toBe(403);
  });

  it("a step-up made on one instance counts on the other", async () => {
    const me = await signedInAdmin(t, { email: "two@example.test", name: "Two" });
    t.clock.advance(SIX_MINUTES);
    expect((await post(other, me, "/admin/api/me/passkeys/register/start")).status).toBe(403);
    expect((await stepUp(t.app, me, me.authenticator)).status).toBe(200);
    expect((await post(other, me, "/admin/api/me/passkeys/register/start")).status).toBe(200);
  });
});

describe("step-up of a tenant's user token (<authkit-passkeys>)", () => {
  it("made through one instance, it lets the same token delete a passkey through the other", async () => {
    const fx = await tenantWithPasskey(t, "two-instances");
    const manage = await userToken(t.app, fx.apiKey, { externalId: "two-instances", scope: "manage" });
    // A second passkey, with a token of the tenant that cited its own fresh sign-in (stepUpChallengeId).
    const signIn = await login(t.app, fx.session, fx.authenticator);
    await request(t.app)
      .post("/api/v1/verify-auth")
      .set("X-API-KEY", fx.apiKey)
      .send({ challengeId: signIn.body.challengeId })
      .expect(200);
    const adding = await userToken(t.app, fx.apiKey, {
      externalId: "two-instances",
      stepUpChallengeId: signIn.body.challengeId,
    });
    const second = await registerPasskey(t.app, adding, makeAuthenticator());
    const bearer = (req: request.Test) => req.set("Origin", ORIGIN).set("Authorization", `Bearer ${manage}`);
    const remove = (app: Express) =>
      bearer(request(app).delete(`/auth/v1/passkeys/${second.body.passkeyId}`));
    expect((await remove(other)).status).toBe(403);
    const started = await bearer(request(t.app).post("/auth/v1/step-up/start")).send({});
    const finished = await bearer(request(t.app).post("/auth/v1/step-up/finish")).send({
      challengeId: started.body.challengeId,
      credential: fx.authenticator.authenticate(started.body.options),
    });
    expect(finished.status).toBe(200);
    expect((await remove(other)).status).toBe(204);
  });
});
