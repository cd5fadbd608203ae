// Text PostgreSQL cannot store is bad_request wherever it enters; register/finish validates
// before it spends the challenge and never loses a verified registration silently.
import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { makeAuthenticator, makeTenant, registerStart, sessionToken, userToken } from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function expectBadRequest(res: request.Response, path: string) {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    success: false,
    error_code: "bad_request",
    error: "Request is invalid.",
    details: [{ path, message: "Text must not contain NUL characters or unpaired UTF-16 surrogates." }],
  });
}

describe("unstorable text", () => {
  it("is bad_request in bodies and path parameters, NUL and lone surrogates alike", async () => {
    const { apiKey } = await makeTenant(t);
    const session = await sessionToken(t.app, apiKey);
    const login = (username: string) =>
      request(t.app)
        .post("/auth/v1/password/login")
        .set("Authorization", `Bearer ${session}`)
        .send({ username, password: "whatever" });
    expectBadRequest(await login("a\u0000"), "username");
    expectBadRequest(await login("a\ud800"), "username");
    const api = (method: "get" | "post", path: string) =>
      request(t.app)[method](`/api/v1${path}`).set("X-API-KEY", apiKey);
    expectBadRequest(await api("get", "/users/a%00b"), "external_id");
    expectBadRequest(await api("post", "/users/a%00b/disable"), "external_id");
    expectBadRequest(await api("post", "/users").send({ externalId: "a\ud83d" }), "externalId");
    expectBadRequest(
      await api("post", "/user-token").send({ externalId: "x", displayName: "\u0000" }),
      "displayName",
    );
    expect(await t.database.db.authUser.count()).toBe(0);
  });

  it("register/finish refuses bad text before spending the challenge", async () => {
    const { apiKey } = await makeTenant(t);
    const token = await userToken(t.app, apiKey, { externalId: "text-1" });
    const authenticator = makeAuthenticator();
    const started = await registerStart(t.app, token);
    const credential = authenticator.register(started.body.options);
    const finish = (body: Record<string, unknown>) =>
      request(t.app)
        .post("/auth/v1/register/finish")
        .set("Authorization", `Bearer ${token}`)
        .send({ challengeId: started.body.challengeId, credential, ...body });
    expectBadRequest(await finish({ name: "Laptop\u0000" }), "name");
    const transports = { ...credential, response: { ...credential.response, transports: ["usb\u0000"] } };
    expectBadRequest(await finish({ credential: transports }), "credential.response.transports.0");
    // The challenge is still good: the same ceremony completes.
    const ok = await finish({ name: "Laptop" });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, passkeyId: expect.any(String) });
  });

  it("register/finish checks the credential id before spending the challenge", async () => {
    const { apiKey } = await makeTenant(t);
    const token = await userToken(t.app, apiKey, { externalId: "text-2" });
    const authenticator = makeAuthenticator();
    const started = await registerStart(t.app, token);
    const finish = (credential: unknown) =>
      request(t.app)
        .post("/auth/v1/register/finish")
        .set("Authorization", `Bearer ${token}`)
        .send({ challengeId: started.body.challengeId, credential });
    const long = await finish(authenticator.register(started.body.options, { credentialIdBytes: 1024 }));
    expect(long.status).toBe(400);
    expect(long.body.error_code).toBe("verification_failed");
    expect((await finish(authenticator.register(started.body.options))).status).toBe(200);
  });

  it("a verified registration that cannot be stored says so, and is audited", async () => {
    const { tenant, apiKey } = await makeTenant(t);
    const token = await userToken(t.app, apiKey, { externalId: "text-3" });
    // The database refuses the insert, as it would when it fails between verification and commit.
    await t.database.db.$executeRawUnsafe(`
      CREATE FUNCTION refuse_credentials() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'storage unavailable'; END $$;
      CREATE TRIGGER refuse_credentials BEFORE INSERT ON auth_credentials
        FOR EACH ROW EXECUTE FUNCTION refuse_credentials();`);
    try {
      const started = await registerStart(t.app, token);
      const res = await request(t.app)
        .post("/auth/v1/register/finish")
        .set("Authorization", `Bearer ${token}`)
        .send({
          challengeId: started.body.challengeId,
          credential: makeAuthenticator().register(started.body.options),
        });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        success: false,
        error_code: "server_error",
        error: "The passkey was verified but could not be saved, so it is not registered. Try again.",
      });
      const user = await request(t.app).get("/api/v1/users/text-3").set("X-API-KEY", apiKey);
      expect(user.body.passkeyCount).toBe(0);
      const events = await t.database.db.authAuditEvent.findMany({
        where: { tenantId: tenant.id, type: { not: "tenant_created" } },
      });
      expect(events).toEqual([
        expect.objectContaining({
          type: "registration_failure",
          userId: user.body.id,
          detail: { reason: "store_failed" },
        }),
      ]);
    } finally {
      await t.database.db.$executeRawUnsafe(
        "DROP TRIGGER refuse_credentials ON auth_credentials; DROP FUNCTION refuse_credentials();",
      );
    }
  });
});
