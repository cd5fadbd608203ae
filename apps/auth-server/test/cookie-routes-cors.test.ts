// Cookie-authenticated routes answer only the auth server's own origin; token-authenticated routes
// keep the tenants' origins; a preflight from any other origin is a plain refusal.
import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import {
  login,
  makeAuthenticator,
  makeTenant,
  ORIGIN,
  registerPasskey,
  tenantWithPasskey,
  userToken,
  stepUpToken,
} from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OWN_ORIGIN = "http://localhost:4100"; // the test app's PUBLIC_URL
const cookieOf = (res: request.Response) => String(res.headers["set-cookie"]).split(";")[0] as string;

/** A user with a passkey and a cookie session, on a tenant whose pages run on ORIGIN. */
async function signedIn() {
  const fx = await tenantWithPasskey(t);
  const cookie = cookieOf(await login(t.app, fx.session, fx.authenticator));
  return { ...fx, cookie };
}

const forbidden = {
  success: false,
  error_code: "forbidden",
  error: "The session cookie is accepted only from this server's own pages.",
};

describe("CORS of cookie routes", () => {
  it("another origin, a tenant's included, never reads the passkeys", async () => {
    const { cookie } = await signedIn();
    // Another tenant on the same site whose page would carry the cookie along.
    await makeTenant(t, { origins: ["https://other.example.test"] });
    for (const origin of [ORIGIN, "https://other.example.test"]) {
      const res = await request(t.app).get("/auth/v1/passkeys").set("Origin", origin).set("Cookie", cookie);
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden);
    }
    const own = await request(t.app).get("/auth/v1/passkeys").set("Origin", OWN_ORIGIN).set("Cookie", cookie);
    expect(own.status).toBe(200);
    expect(own.headers["access-control-allow-origin"]).toBe(OWN_ORIGIN);
    expect(own.headers["access-control-allow-credentials"]).toBe("true");
    expect(own.body).toHaveLength(1);
    // No Origin at all (not a page): served.
    expect((await request(t.app).get("/auth/v1/passkeys").set("Cookie", cookie)).status).toBe(200);
  });

  it("refuses a tenant origin's preflight and forged writes with the cookie", async () => {
    const { cookie, passkeyId, session } = await signedIn();
    const preflight = await request(t.app)
      .options(`/auth/v1/passkeys/${passkeyId}`)
      .set("Origin", ORIGIN)
      .set("Access-Control-Request-Method", "DELETE");
    expect(preflight.status).toBe(403);
    expect(preflight.text).toBe("");
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();

    const logout = await request(t.app).post("/auth/v1/logout").set("Origin", ORIGIN).set("Cookie", cookie);
    expect(logout.status).toBe(403);
    expect(logout.body).toEqual(forbidden);
    // The session survived the forged logout.
    expect((await request(t.app).get("/auth/v1/passkeys").set("Cookie", cookie)).status).toBe(200);

    // The token routes keep answering the tenant's origin.
    const tokenRoute = await request(t.app)
      .options("/auth/v1/authenticate/start")
      .set("Origin", ORIGIN)
      .set("Access-Control-Request-Method", "POST")
      .set("Access-Control-Request-Headers", "authorization,content-type");
    expect(tokenRoute.status).toBe(204);
    expect(tokenRoute.headers["access-control-allow-origin"]).toBe(ORIGIN);
    const started = await request(t.app)
      .post("/auth/v1/authenticate/start")
      .set("Origin", ORIGIN)
      .set("Authorization", `Bearer ${session}`)
      .send({});
    expect(started.status).toBe(200);
    expect(started.headers["access-control-allow-origin"]).toBe(ORIGIN);
  });

  it("registration by cookie only from the server's own pages; by user token from the tenant's", async () => {
    const { apiKey, cookie, authenticator } = await signedIn();
    const byCookie = (origin: string) =>
      request(t.app).post("/auth/v1/register/start").set("Origin", origin).set("Cookie", cookie).send({});
    const foreign = await byCookie(ORIGIN);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(forbidden);
    expect((await byCookie(OWN_ORIGIN)).status).toBe(200);

    const token = await userToken(t.app, apiKey, { externalId: "user-1" });
    expect((await stepUpToken(t.app, token, authenticator)).status).toBe(200);
    const byToken = await registerPasskey(t.app, token, makeAuthenticator());
    expect(byToken.status).toBe(200);
    const tokenStart = await request(t.app)
      .post("/auth/v1/register/start")
      .set("Origin", ORIGIN)
      .set("Authorization", `Bearer ${token}`)
      .send({});
    expect(tokenStart.status).toBe(200);
    expect(tokenStart.headers["access-control-allow-origin"]).toBe(ORIGIN);
  });
});

describe("CORS preflight from an unknown origin", () => {
  it.each([
    "/auth/v1/register/start",
    "/auth/v1/authenticate/start",
    "/api/v1/user-token",
    "/auth/v1/passkeys",
  ])("%s: a plain 403, no CORS headers, no error body", async (path) => {
    const res = await request(t.app)
      .options(path)
      .set("Origin", "https://evil.test")
      .set("Access-Control-Request-Method", "POST")
      .set("Access-Control-Request-Headers", "authorization,content-type");
    expect(res.status).toBe(403);
    expect(res.text).toBe("");
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
  });
});
