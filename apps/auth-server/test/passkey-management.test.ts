// A person manages their passkeys on the tenant's own page (<authkit-passkeys>, auth.management)
// with a manage-scoped user token: list, rename, delete, cross-origin; nothing more, nobody else's.
import request from "supertest";
import type { SoftwareAuthenticator } from "../src/testing/index.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import {
  failure,
  makeAuthenticator,
  ORIGIN,
  registerPasskey,
  tenantWithPasskey,
  userToken,
} from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const asPage = (token: string, origin = ORIGIN) => ({
  list: () =>
    request(t.app).get("/auth/v1/passkeys").set("Origin", origin).set("Authorization", `Bearer ${token}`),
  rename: (id: string, body: unknown) =>
    request(t.app)
      .patch(`/auth/v1/passkeys/${id}`)
      .set("Origin", origin)
      .set("Authorization", `Bearer ${token}`)
      .send(body as object),
  remove: (id: string) =>
    request(t.app)
      .delete(`/auth/v1/passkeys/${id}`)
      .set("Origin", origin)
      .set("Authorization", `Bearer ${token}`),
  /** A step-up with this token: the options, the authenticator's assertion, finish. */
  async stepUp(authenticator: SoftwareAuthenticator) {
    const started = await request(t.app)
      .post("/auth/v1/step-up/start")
      .set("Origin", origin)
      .set("Authorization", `Bearer ${token}`)
      .send({});
    if (started.status !== 200) return started;
    return request(t.app)
      .post("/auth/v1/step-up/finish")
      .set("Origin", origin)
      .set("Authorization", `Bearer ${token}`)
      .send({
        challengeId: started.body.challengeId,
        credential: authenticator.authenticate(started.body.options),
      });
  },
});

describe("step-up of a user token", () => {
  it("counts for the token that made it, for 5 minutes, never for another token", async () => {
    const fx = await tenantWithPasskey(t, "stepper");
    const manage = await userToken(t.app, fx.apiKey, { externalId: "stepper", scope: "manage" });
    expect((await asPage(manage).stepUp(fx.authenticator)).status).toBe(200);
    const second = await registerPasskey(t.app, manage, makeAuthenticator());
    expect(second.status).toBe(200);
    // Another token of the same user has proved nothing.
    const fresh = await userToken(t.app, fx.apiKey, { externalId: "stepper", scope: "manage" });
    expect((await asPage(fresh).remove(second.body.passkeyId)).status).toBe(403);
    // (Two instances share it through Redis, as the dashboard's: test/step-up.test.ts.)
    expect((await asPage(manage).remove(second.body.passkeyId)).status).toBe(204);
    // Five minutes later it no longer counts.
    t.clock.advance(6 * 60);
    const late = await asPage(manage).remove(fx.passkeyId);
    expect(late.body.error_code).toMatch(/step_up_required|token_expired/);
  });
});

describe("passkey management with a manage-scoped user token", () => {
  it("lists, renames and deletes the user's passkeys from the tenant's page, CORS included", async () => {
    const fx = await tenantWithPasskey(t, "manager");
    const manage = await userToken(t.app, fx.apiKey, { externalId: "manager", scope: "manage" });
    const page = asPage(manage);

    const preflight = await request(t.app)
      .options("/auth/v1/passkeys/x")
      .set("Origin", ORIGIN)
      .set("Access-Control-Request-Method", "PATCH")
      .set("Access-Control-Request-Headers", "authorization,content-type");
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(preflight.headers["access-control-allow-methods"]).toContain("PATCH");

    const listed = await page.list();
    expect(listed.status).toBe(200);
    expect(listed.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(listed.headers["cache-control"]).toBe("no-store");
    expect(listed.body).toEqual([
      {
        id: fx.passkeyId,
        name: "Passkey",
        created_at: expect.any(String),
        authenticator: null,
        synced: false,
      },
    ]);

    const renamed = await page.rename(fx.passkeyId, { name: "  Work laptop " });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: fx.passkeyId, name: "Work laptop" });
    expect((await page.rename(fx.passkeyId, { name: "" })).body).toMatchObject({
      error_code: "bad_request",
      details: [{ path: "name" }],
    });

    // Deleting needs a passkey of this user used with this token in the last 5 minutes.
    const refused = await page.remove(fx.passkeyId);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(
      failure(
        "step_up_required",
        "Confirm with your passkey first: this change needs a passkey used in the last 5 minutes.",
      ),
    );
    const stepped = await page.stepUp(fx.authenticator);
    expect(stepped.status).toBe(200);
    expect(stepped.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect((await page.remove(fx.passkeyId)).status).toBe(204);
    expect((await page.list()).body).toEqual([]);
    expect((await page.remove(fx.passkeyId)).body).toEqual(failure("not_found", "No such passkey."));
  });

  it("never touches another user's passkey, and a registration token manages nothing", async () => {
    const fx = await tenantWithPasskey(t, "victim");
    const other = await userToken(t.app, fx.apiKey, { externalId: "intruder", scope: "manage" });
    expect((await asPage(other).rename(fx.passkeyId, { name: "mine" })).status).toBe(404);
    expect((await asPage(other).remove(fx.passkeyId)).status).toBe(403);
    // The victim's passkey does not step up the intruder's token; once stepped up with a passkey
    // of its own user, the victim's passkey is still not found.
    expect((await asPage(other).stepUp(fx.authenticator)).body.error_code).toBe("forbidden");
    const intruderKey = makeAuthenticator();
    const intruderRegistration = await userToken(t.app, fx.apiKey, { externalId: "intruder" });
    expect((await registerPasskey(t.app, intruderRegistration, intruderKey)).status).toBe(200);
    expect((await asPage(other).stepUp(intruderKey)).status).toBe(200);
    expect((await asPage(other).remove(fx.passkeyId)).status).toBe(404);

    const registerOnly = await userToken(t.app, fx.apiKey, { externalId: "victim" });
    const refused = await asPage(registerOnly).list();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(
      failure(
        "forbidden",
        'This user token may only register passkeys: ask POST /api/v1/user-token for "scope": "manage".',
      ),
    );
    // A manage token also registers (the passkeys component adds passkeys too), after a step-up.
    const manage = await userToken(t.app, fx.apiKey, { externalId: "victim", scope: "manage" });
    expect((await asPage(manage).stepUp(fx.authenticator)).status).toBe(200);
    expect((await registerPasskey(t.app, manage, makeAuthenticator())).status).toBe(200);
    expect((await asPage(manage).list()).body).toHaveLength(2);
  });

  it("refuses another origin with configuration_error naming it, and a disabled user", async () => {
    const fx = await tenantWithPasskey(t, "someone");
    const manage = await userToken(t.app, fx.apiKey, { externalId: "someone", scope: "manage" });
    const elsewhere = await asPage(manage, "https://evil.test").list();
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error_code).toBe("configuration_error");
    expect(elsewhere.body.error).toContain("https://evil.test");
    expect(elsewhere.headers["access-control-allow-origin"]).toBeUndefined();

    await request(t.app).post("/api/v1/users/someone/disable").set("X-API-KEY", fx.apiKey);
    const disabled = await asPage(manage).list();
    expect(disabled.status).toBe(403);
    expect(disabled.body.error_code).toBe("user_disabled");
  });
});
