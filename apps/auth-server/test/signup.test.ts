// Self-service sign-up (tenant setting self_signup) and the settings the sign-in box reads.
import request from "supertest";
import { updateTenant } from "../src/services/tenants.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { login, makeAuthenticator, makeTenant, sessionToken } from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bearer = (req: request.Test, session: string) => req.set("Authorization", `Bearer ${session}`);
const signupStart = (session: string, body: Record<string, unknown>) =>
  bearer(request(t.app).post("/auth/v1/signup/start"), session).send(body);

async function signUp(session: string, identifier: string, authenticator = makeAuthenticator()) {
  const started = await signupStart(session, { identifier, displayName: "Grace" });
  expect(started.status).toBe(200);
  const credential = authenticator.register(started.body.options);
  const finished = await bearer(request(t.app).post("/auth/v1/signup/finish"), session).send({
    challengeId: started.body.challengeId,
    credential,
  });
  return { finished, authenticator };
}

describe("self-service sign-up", () => {
  it("creates the user and its passkey; the login result and verify-auth say created: true", async () => {
    const { tenant, apiKey } = await makeTenant(t, { selfSignup: true });
    const session = await sessionToken(t.app, apiKey);
    const { finished, authenticator } = await signUp(session, "Grace@Example.test");
    expect(finished.status).toBe(200);
    expect(finished.body).toEqual({
      success: true,
      created: true,
      challengeId: expect.any(String),
      sessionToken: expect.stringMatching(/^eyJ/),
      user: { id: expect.any(String), externalId: "grace@example.test", displayName: "Grace" },
    });
    expect(String(finished.headers["set-cookie"])).toContain("HttpOnly");
    const verified = await request(t.app)
      .post("/api/v1/verify-auth")
      .set("X-API-KEY", apiKey)
      .send({ challengeId: finished.body.challengeId });
    expect(verified.body).toMatchObject({ method: "passkey", created: true, user: finished.body.user });
    const user = await t.database.db.authUser.findFirstOrThrow({ where: { tenantId: tenant.id } });
    expect(user).toMatchObject({ username: "grace@example.test", externalId: "grace@example.test" });
    expect(await t.database.db.authCredential.count({ where: { userId: user.id } })).toBe(1);

    // The new passkey signs in; a plain login does not say created.
    const again = await login(t.app, session, authenticator);
    expect(again.status).toBe(200);
    expect(again.body.created).toBeUndefined();
    // The identifier is now taken, whatever its case.
    const taken = await signupStart(session, { identifier: "grace@EXAMPLE.test" });
    expect([taken.status, taken.body.error_code]).toEqual([409, "conflict"]);
    expect(taken.body.error).toBe("grace@example.test already has an account: sign in instead.");
  });

  it("is refused at the API when self_signup is off (the default), at start and at finish", async () => {
    const { tenant, apiKey } = await makeTenant(t);
    const session = await sessionToken(t.app, apiKey);
    const check = await bearer(request(t.app).get("/auth/v1/session-token"), session);
    expect(check.body).toMatchObject({ self_signup: false, password_login: true });
    const refused = await signupStart(session, { identifier: "mallory" });
    expect([refused.status, refused.body.error_code]).toEqual([403, "forbidden"]);
    expect(refused.body.error).toContain("self_signup");

    // Turned off between start and finish: nothing is created.
    await updateTenant({ db: t.database.db, id: tenant.id, selfSignup: true });
    const started = await signupStart(session, { identifier: "mallory" });
    expect(started.status).toBe(200);
    await updateTenant({ db: t.database.db, id: tenant.id, selfSignup: false });
    const finished = await bearer(request(t.app).post("/auth/v1/signup/finish"), session).send({
      challengeId: started.body.challengeId,
      credential: makeAuthenticator().register(started.body.options),
    });
    expect([finished.status, finished.body.error_code]).toEqual([403, "forbidden"]);
    expect(await t.database.db.authUser.count({ where: { tenantId: tenant.id } })).toBe(0);
  });

  it("an abandoned sign-up leaves no user", async () => {
    const { tenant, apiKey } = await makeTenant(t, { selfSignup: true });
    const session = await sessionToken(t.app, apiKey);
    expect((await signupStart(session, { identifier: "ada" })).status).toBe(200);
    expect(await t.database.db.authUser.count({ where: { tenantId: tenant.id } })).toBe(0);
    // A second start for the same name is fine while nobody finished.
    const { finished } = await signUp(session, "ada");
    expect(finished.status).toBe(200);
    expect(await t.database.db.authUser.count({ where: { tenantId: tenant.id } })).toBe(1);
  });
});
