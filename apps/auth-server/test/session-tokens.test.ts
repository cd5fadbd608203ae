// Sessions checked offline (issue 32 pt 6): a login's sessionToken (JWT, ES256) verified by
// @org/authkit-node against the tenant's JWKS, served by the auth server listening on a real port.
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  createSessionVerifier,
  requireSession,
  SessionTokenError,
  verifySession,
  type SessionRequest,
} from "@org/authkit-node";
import express from "express";
import { decodeJwt, decodeProtectedHeader } from "jose";
import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { runCli } from "./helpers/cli.ts";
import { login, makeTenant, tenantWithPasskey } from "./helpers/flows.ts";

// The CLI test opens and migrates the database: seconds on a busy machine.
jest.setTimeout(180_000); // a minute and more when the machine is busy

let t: TestApp;
let server: http.Server;
let url: string;
beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // PUBLIC_URL is where the server listens: the tokens' issuer, under which the JWKS is fetched.
  t = await createTestApp({ PUBLIC_URL: url });
  server.on("request", t.app);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** A tenant's user signs in with a passkey; the login result as the page gets it. */
async function signIn(fx: Awaited<ReturnType<typeof tenantWithPasskey>>) {
  const res = await login(t.app, fx.session, fx.authenticator);
  expect(res.status).toBe(200);
  return res.body as { challengeId: string; sessionToken: string; user: { externalId: string } };
}

/** Refusal of verifySession, as { code, message }. */
async function refusal(token: string, tenantId: string, options = {}) {
  const error = await verifySession(token, { authServerUrl: url, tenantId, ...options }).catch((e) => e);
  expect(error).toBeInstanceOf(SessionTokenError);
  return { code: (error as SessionTokenError).code, message: (error as SessionTokenError).message };
}

describe("session tokens", () => {
  it("a passkey login answers a sessionToken that verifies against the tenant's JWKS; verify-auth answers one too", async () => {
    const fx = await tenantWithPasskey(t, "ada");
    const result = await signIn(fx);
    const header = decodeProtectedHeader(result.sessionToken);
    expect(header).toEqual({ alg: "ES256", typ: "JWT", kid: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const claims = await verifySession(result.sessionToken, { authServerUrl: url, tenantId: fx.tenant.id });
    expect(claims).toMatchObject({
      iss: `${url}/t/${fx.tenant.id}`,
      aud: fx.tenant.id,
      sub: "ada",
      method: "passkey",
    });
    expect(claims.exp - claims.iat).toBe(15 * 60);
    expect(Math.abs(claims.iat * 1000 - t.clock.ms)).toBeLessThan(2000);

    const jwks = await request(t.app).get(`/t/${fx.tenant.id}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    expect(jwks.headers["cache-control"]).toBe("public, max-age=60");
    expect(jwks.body).toEqual({
      keys: [
        {
          kty: "EC",
          crv: "P-256",
          x: expect.any(String),
          y: expect.any(String),
          kid: header.kid,
          alg: "ES256",
          use: "sig",
        },
      ],
    });
    // Public keys only: the private part (`d`) never leaves the database.
    expect(JSON.stringify(jwks.body)).not.toContain('"d"');

    const verified = await request(t.app)
      .post("/api/v1/verify-auth")
      .set("X-API-KEY", fx.apiKey)
      .send({ challengeId: result.challengeId });
    expect(verified.status).toBe(200);
    expect(decodeJwt(verified.body.sessionToken)).toMatchObject({ sub: "ada", aud: fx.tenant.id });
    await expect(
      verifySession(verified.body.sessionToken, {
        issuer: `${url}/t/${fx.tenant.id}`,
        tenantId: fx.tenant.id,
      }),
    ).resolves.toMatchObject({ sub: "ada" });
  });

  it("the JWKS exists before the first login (the key it will use), and an unknown tenant has none", async () => {
    const { tenant } = await makeTenant(t);
    const before = await request(t.app).get(`/t/${tenant.id}/.well-known/jwks.json`);
    expect(before.body.keys).toHaveLength(1);
    for (const id of ["0190f0f0-0000-7000-8000-000000000000", "------------------------------------", "x"]) {
      const unknown = await request(t.app).get(`/t/${id}/.well-known/jwks.json`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error_code: "not_found" });
    }
  });

  it("after cli tenant rotate-signing-key, old tokens still verify for a day and new ones carry the new kid (audited)", async () => {
    const fx = await tenantWithPasskey(t, "grace");
    const before = (await signIn(fx)).sessionToken;
    const oldKid = decodeProtectedHeader(before).kid;
    // A server that verified a token before the rotation: its cached JWKS lacks the new key.
    const verify = createSessionVerifier({
      authServerUrl: url,
      tenantId: fx.tenant.id,
      jwks: { cooldownDuration: 0 },
    });
    await verify(before);

    const rotated = await runCli(
      { databaseUrl: t.database.url, publicUrl: url },
      "tenant",
      "rotate-signing-key",
      fx.tenant.id,
    );
    expect(rotated).toEqual({
      tenant_id: fx.tenant.id,
      kid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      previous_kid: oldKid,
      previous_published_until: expect.any(String),
    });
    expect(rotated.kid).not.toBe(oldKid);

    const after = (await signIn({ ...fx, session: fx.session })).sessionToken;
    expect(decodeProtectedHeader(after).kid).toBe(rotated.kid);
    await expect(verify(after)).resolves.toMatchObject({ sub: "grace" });
    await expect(verify(before)).resolves.toMatchObject({ sub: "grace" });
    const jwks = await request(t.app).get(`/t/${fx.tenant.id}/.well-known/jwks.json`);
    expect(jwks.body.keys.map((key: { kid: string }) => key.kid)).toEqual([rotated.kid, oldKid]);

    const events = await t.database.db.authAuditEvent.findMany({
      where: { tenantId: fx.tenant.id, type: "signing_key_rotated" },
    });
    expect(events.map((event) => event.detail)).toEqual([{ kid: rotated.kid, previous_kid: oldKid }]);

    // A day later the old key is no longer published: its tokens (long expired by then) are refused.
    t.clock.advance(24 * 60 * 60 + 60);
    try {
      const later = await request(t.app).get(`/t/${fx.tenant.id}/.well-known/jwks.json`);
      expect(later.body.keys.map((key: { kid: string }) => key.kid)).toEqual([rotated.kid]);
      const fresh = createSessionVerifier({ authServerUrl: url, tenantId: fx.tenant.id });
      await expect(fresh(before)).rejects.toMatchObject({
        code: "unknown_key",
        message: expect.stringContaining("retired more than a day ago"),
      });
    } finally {
      t.clock.advance(-(24 * 60 * 60 + 60));
    }
  });

  it("refuses an expired token, another tenant's, and a tampered one, saying why", async () => {
    const fx = await tenantWithPasskey(t, "lin");
    t.clock.advance(-16 * 60);
    const old = (await signIn(fx)).sessionToken;
    t.clock.advance(16 * 60);
    const expired = await refusal(old, fx.tenant.id);
    expect(expired.code).toBe("token_expired");
    expect(expired.message).toMatch(/^The session token expired at \d{4}-\d\d-\d\dT/);

    const other = await tenantWithPasskey(t, "lin");
    const theirs = (await signIn(other)).sessionToken;
    expect(await refusal(theirs, fx.tenant.id)).toEqual({
      code: "wrong_tenant",
      message: `The session token is for tenant ${other.tenant.id}, not ${fx.tenant.id}.`,
    });

    const [head, , signature] = (await signIn(fx)).sessionToken.split(".");
    const claims = decodeJwt((await signIn(fx)).sessionToken);
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "admin" })).toString("base64url");
    expect(await refusal(`${head}.${forged}.${signature}`, fx.tenant.id)).toEqual({
      code: "invalid_signature",
      message:
        "The session token's signature does not match: it was altered, or not signed by this tenant's key.",
    });
    expect((await refusal("not-a-jwt", fx.tenant.id)).code).toBe("malformed_token");
  });

  it("requireSession() puts the verified claims on req, and answers 401 with the reason otherwise", async () => {
    const fx = await tenantWithPasskey(t, "kim");
    const site = express();
    site.get("/me", requireSession({ authServerUrl: url, tenantId: fx.tenant.id }), (req, res) => {
      res.json({ user: (req as unknown as SessionRequest).authkit.sub });
    });
    const token = (await signIn(fx)).sessionToken;

    const ok = await request(site).get("/me").set("Authorization", `Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ user: "kim" });

    const missing = await request(site).get("/me");
    expect(missing.status).toBe(401);
    expect(missing.headers["www-authenticate"]).toBe("Bearer");
    expect(missing.body).toEqual({
      error_code: "missing_token",
      error: "Sign in first: this request carries no session token.",
    });

    const tampered = await request(site)
      .get("/me")
      .set("Authorization", `Bearer ${token.slice(0, -4)}AAAA`);
    expect(tampered.status).toBe(401);
    expect(tampered.body.error_code).toBe("invalid_signature");
    expect(tampered.headers["www-authenticate"]).toMatch(
      /^Bearer error="invalid_token", error_description="The session token's signature/,
    );

    t.clock.advance(-16 * 60);
    const stale = (await signIn(fx)).sessionToken;
    t.clock.advance(16 * 60);
    const expired = await request(site).get("/me").set("Authorization", `Bearer ${stale}`);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({
      error_code: "token_expired",
      error: expect.stringContaining("expired at"),
    });
  });
});
