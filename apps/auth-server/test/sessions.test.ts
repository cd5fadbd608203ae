import type * as Argon2 from "@node-rs/argon2";
import { decodeJwt } from "jose";
import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import {
  failure,
  login,
  makeTenant,
  sessionToken,
  tenantWithPasskey,
  userToken,
  registerPasskey,
  makeAuthenticator,
  stepUpToken,
  SESSION_JWT,
} from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cookieOf = (res: request.Response) => String(res.headers["set-cookie"]).split(";")[0] as string;

describe("password login", () => {
  async function withPasswordUser() {
    const { tenant, apiKey } = await makeTenant(t);
    await request(t.app)
      .post("/api/v1/users")
      .set("X-API-KEY", apiKey)
      .send({ externalId: "pw-1", username: "lin", password: "a long secret phrase" });
    return { tenant, apiKey, session: await sessionToken(t.app, apiKey) };
  }
  const attempt = (session: string, username: string, password: string) =>
    request(t.app)
      .post("/auth/v1/password/login")
      .set("Authorization", `Bearer ${session}`)
      .send({ username, password });

  it("signs in, sets the cookie, and verify-auth confirms it", async () => {
    const { apiKey, session } = await withPasswordUser();
    const res = await attempt(session, "lin", "a long secret phrase");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      user: { id: expect.any(String), externalId: "pw-1" },
      challengeId: expect.any(String),
      sessionToken: SESSION_JWT,
    });
    expect(decodeJwt(res.body.sessionToken)).toMatchObject({ sub: "pw-1", method: "password" });
    expect(cookieOf(res)).toMatch(/^authkit_session=sess_/);
    const verified = await request(t.app)
      .post("/api/v1/verify-auth")
      .set("X-API-KEY", apiKey)
      .send({ challengeId: res.body.challengeId });
    expect(verified.body).toMatchObject({ method: "password", user: { externalId: "pw-1" } });
  });

  it("answers an unknown user and a wrong password alike, both after one Argon2id verification", async () => {
    // Equal work, not measured time (timings are for benchmarks): each answer follows exactly one
    // verification against a hash of the same parameters, the user's own or a dummy one.
    const { session } = await withPasswordUser();
    const expected = failure("invalid_credentials", "Invalid username or password.");
    // The module object the service calls through (CommonJS under jest), so the spy sees its calls.
    const argon2 = jest.requireActual<typeof Argon2>("@node-rs/argon2");
    const verify = jest.spyOn(argon2, "verify");
    try {
      for (const username of ["lin", "ghost"]) {
        verify.mockClear();
        const res = await attempt(session, username, "wrong password!");
        expect(res.status).toBe(401);
        expect(res.body).toEqual(expected);
        expect(verify).toHaveBeenCalledTimes(1);
        const [hash] = verify.mock.calls[0] as [string, string];
        expect(hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
      }
    } finally {
      verify.mockRestore();
    }
  });

  it("a disabled user is user_disabled whatever the password, and every attempt is audited", async () => {
    const { tenant, apiKey, session } = await withPasswordUser();
    await request(t.app).post("/api/v1/users/pw-1/disable").set("X-API-KEY", apiKey);
    const disabled = failure("user_disabled", "This user has been disabled.");
    for (const password of ["a long secret phrase", "nope nope"]) {
      const res = await attempt(session, "lin", password);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(disabled);
    }
    const rows = await t.database.db.authAuditEvent.findMany({
      where: { tenantId: tenant.id, type: "login_failure" },
    });
    expect(rows.map((row) => row.detail)).toEqual([
      { method: "password", reason: "user_disabled" },
      { method: "password", reason: "user_disabled" },
    ]);
  });
});

describe("passkey management with the session cookie", () => {
  it("lists and deletes the user's own passkeys; without a cookie it is unauthenticated", async () => {
    const fx = await tenantWithPasskey(t);
    const token = await userToken(t.app, fx.apiKey, { externalId: "user-1" });
    expect((await stepUpToken(t.app, token, fx.authenticator)).status).toBe(200);
    const second = await registerPasskey(t.app, token, makeAuthenticator(), { finish: { name: "Phone" } });
    const loggedIn = await login(t.app, fx.session, fx.authenticator);
    const cookie = cookieOf(loggedIn);

    const list = await request(t.app).get("/auth/v1/passkeys").set("Cookie", cookie);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: fx.passkeyId,
        name: "Passkey",
        created_at: expect.any(String),
        last_used: expect.any(String),
        authenticator: null,
        synced: false,
      },
      {
        id: second.body.passkeyId,
        name: "Phone",
        created_at: expect.any(String),
        authenticator: null,
        synced: false,
      },
    ]);

    const noCookie = await request(t.app).get("/auth/v1/passkeys");
    expect(noCookie.status).toBe(401);
    expect(noCookie.body).toEqual(failure("unauthenticated", "Missing or invalid user token or session."));
    expect((await request(t.app).delete(`/auth/v1/passkeys/${fx.passkeyId}`)).status).toBe(401);

    // Someone else's passkey is not_found.
    const other = await tenantWithPasskey(t, "other");
    const foreign = await request(t.app).delete(`/auth/v1/passkeys/${other.passkeyId}`).set("Cookie", cookie);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(failure("not_found", "No such passkey."));
    expect((await request(t.app).delete("/auth/v1/passkeys/not-a-uuid").set("Cookie", cookie)).status).toBe(
      404,
    );

    const deleted = await request(t.app)
      .delete(`/auth/v1/passkeys/${second.body.passkeyId}`)
      .set("Cookie", cookie);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await request(t.app).get("/auth/v1/passkeys").set("Cookie", cookie)).body).toHaveLength(1);
    const audit = await t.database.db.authAuditEvent.findFirst({
      where: { type: "passkey_deleted", userId: fx.userId },
    });
    expect(audit?.detail).toEqual({ passkeyId: second.body.passkeyId });
  });

  it("rotates the session at each login and revokes it at logout and when the user is disabled", async () => {
    const fx = await tenantWithPasskey(t, "rotating");
    const first = cookieOf(await login(t.app, fx.session, fx.authenticator));
    const second = cookieOf(await login(t.app, fx.session, fx.authenticator).then((r) => r));
    expect(second).not.toBe(first);
    // A login presenting the old cookie revokes it.
    const started = await request(t.app)
      .post("/auth/v1/authenticate/start")
      .set("Authorization", `Bearer ${fx.session}`);
    const rotated = await request(t.app)
      .post("/auth/v1/authenticate/finish")
      .set("Authorization", `Bearer ${fx.session}`)
      .set("Cookie", second)
      .send({
        challengeId: started.body.challengeId,
        credential: fx.authenticator.authenticate(started.body.options),
      });
    const third = cookieOf(rotated);
    expect((await request(t.app).get("/auth/v1/passkeys").set("Cookie", second)).status).toBe(401);
    expect((await request(t.app).get("/auth/v1/passkeys").set("Cookie", third)).status).toBe(200);

    const out = await request(t.app).post("/auth/v1/logout").set("Cookie", third);
    expect(out.status).toBe(204);
    expect(String(out.headers["set-cookie"])).toMatch(/^authkit_session=; Path=\/; Expires=Thu, 01 Jan 1970/);
    expect((await request(t.app).get("/auth/v1/passkeys").set("Cookie", third)).status).toBe(401);

    // As documented (issue 28): no credential needed; without a cookie, or with a spent one, it is
    // 204 all the same and clears the cookie.
    for (const cookie of [undefined, third, "authkit_session=unknown"]) {
      const again = request(t.app).post("/auth/v1/logout");
      const res = cookie ? await again.set("Cookie", cookie) : await again;
      expect(res.status).toBe(204);
      expect(String(res.headers["set-cookie"])).toMatch(
        /^authkit_session=; Path=\/; Expires=Thu, 01 Jan 1970/,
      );
    }

    await request(t.app).post("/api/v1/users/rotating/disable").set("X-API-KEY", fx.apiKey);
    expect((await request(t.app).get("/auth/v1/passkeys").set("Cookie", first)).status).toBe(401);
  });

  it("registers another passkey with the same-origin session cookie instead of a user token", async () => {
    const fx = await tenantWithPasskey(t, "cookie-reg");
    const cookie = cookieOf(await login(t.app, fx.session, fx.authenticator));
    const started = await request(t.app).post("/auth/v1/register/start").set("Cookie", cookie).send({});
    expect(started.status).toBe(200);
    const credential = makeAuthenticator().register(started.body.options);
    const finished = await request(t.app)
      .post("/auth/v1/register/finish")
      .set("Cookie", cookie)
      .send({ challengeId: started.body.challengeId, credential });
    expect(finished.status).toBe(200);
    expect(finished.body.user.id).toBe(fx.userId);
    const anonymous = await request(t.app).post("/auth/v1/register/start").send({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(failure("unauthenticated", "Missing or invalid user token or session."));
  });

  it("marks the cookie Secure when the server is not on localhost", async () => {
    const app = t.sibling({ PUBLIC_URL: "https://auth.example.test" });
    const { apiKey } = await makeTenant(t);
    const res = await request(app)
      .post("/auth/v1/password/login")
      .set("Authorization", `Bearer ${await sessionToken(app, apiKey)}`)
      .send({ username: "nobody", password: "whatever" });
    expect(res.status).toBe(401);
    const fx = await tenantWithPasskey(t, "secure");
    const session = await sessionToken(app, fx.apiKey);
    const ok = await login(app, session, fx.authenticator, { origin: "https://app.example.test" });
    expect(ok.status).toBe(200);
    expect(String(ok.headers["set-cookie"])).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
  });
});
