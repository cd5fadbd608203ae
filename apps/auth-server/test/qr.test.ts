import { randomUUID } from "node:crypto";
import { decodeJwt } from "jose";
import request from "supertest";
import type { QrClaimResponse } from "@org/contracts";
import * as authentication from "../src/services/authentication.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { signedInAdmin, signInToken } from "./helpers/admin.ts";
import {
  failure,
  makeTenant,
  ORIGIN,
  registerPasskey,
  SESSION_JWT,
  sessionToken,
  userToken,
} from "./helpers/flows.ts";
import {
  claimed,
  claimQr,
  mobileSecretOf,
  phoneAbort,
  phoneAuthenticator,
  phoneFinish,
  qrStatus,
  startQr,
} from "./helpers/qr.ts";

let t: TestApp;
beforeAll(async () => {
  // Many QR starts from one address in this file; the limit has a test of its own (a sibling app).
  t = await createTestApp({ QR_TTL_SECONDS: "60", RATE_LIMIT_QR_START_PER_MINUTE: "1000" });
});
afterAll(() => t.close());

/** A tenant whose user "ada" holds a passkey on a phone; and a session token for its sign-in page. */
async function tenantWithPhonePasskey(app = t.app) {
  const { tenant, apiKey } = await makeTenant(t, { name: "Acme" });
  const phone = phoneAuthenticator();
  const token = await userToken(app, apiKey, { externalId: `ada-${randomUUID()}`, displayName: "Ada" });
  const registered = await registerPasskey(app, token, phone);
  expect(registered.status).toBe(200);
  return { tenant, apiKey, phone, user: registered.body.user, session: await sessionToken(app, apiKey) };
}

describe("QR login", () => {
  it("goes pending → scanned → completed, verifiable with verify-auth like a direct login", async () => {
    const fx = await tenantWithPhonePasskey();
    const start = await startQr(t.app, fx.session);
    expect(start).toEqual({
      challengeId: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      qrUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      mobileUrl: expect.stringMatching(/^http:\/\/localhost:4100\/qr#[A-Za-z0-9_-]{43}$/),
      expiresAt: new Date(t.clock.ms + 60_000).toISOString(),
      secret: expect.stringMatching(/^qrs_/),
    });
    // The QR encodes the phone page's URL; its secret is not the public challengeId.
    const svg = Buffer.from(start.qrUrl.split(",")[1] as string, "base64").toString("utf8");
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(mobileSecretOf(start)).not.toContain(start.challengeId);

    expect((await qrStatus(t.app, start)).body).toEqual({ status: "pending" });
    const claim = await claimed(t.app, start);
    expect(claim).toEqual({
      purpose: "authenticate",
      token: expect.stringMatching(/^qrp_/),
      tenant: { name: "Acme", rpId: "example.test" },
      origin: ORIGIN,
      network: "same",
      requestedAt: new Date(t.clock.ms).toISOString(),
      expiresAt: start.expiresAt,
      challengeId: expect.any(String),
      options: expect.objectContaining({ rpId: "example.test", userVerification: "required" }),
    });
    expect((await qrStatus(t.app, start)).body).toEqual({ status: "scanned" });

    const finished = await phoneFinish(t.app, claim, fx.phone);
    expect(finished.status).toBe(200);
    expect(finished.body).toEqual({ status: "completed" });
    expect(finished.headers["set-cookie"]).toBeUndefined(); // the phone signs in the computer, not itself

    const starter = await qrStatus(t.app, start);
    expect(starter.headers["cache-control"]).toBe("no-store");
    expect(starter.body).toEqual({
      status: "completed",
      user: fx.user,
      loginChallengeId: claim.challengeId,
      sessionToken: SESSION_JWT,
    });
    // The starter's page gets the login's session token, as a direct login answers it.
    expect(decodeJwt(starter.body.sessionToken)).toMatchObject({
      sub: fx.user.externalId,
      aud: fx.tenant.id,
    });
    // Anyone else who knows the challengeId learns the status alone.
    expect((await qrStatus(t.app, start, null)).body).toEqual({ status: "completed" });
    expect((await qrStatus(t.app, start, "qrs_not-the-secret")).body).toEqual({ status: "completed" });

    const verified = await request(t.app)
      .post("/api/v1/verify-auth")
      .set("X-API-KEY", fx.apiKey)
      .send({ challengeId: claim.challengeId });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      user: fx.user,
      authenticatedAt: expect.any(String),
      method: "passkey",
      sessionToken: SESSION_JWT,
    });
    // The public challengeId is no login: knowing it is not enough to be signed in.
    const publicId = await request(t.app)
      .post("/api/v1/verify-auth")
      .set("X-API-KEY", fx.apiKey)
      .send({ challengeId: start.challengeId });
    expect(publicId.status).toBe(404);

    const audit = await t.database.db.authAuditEvent.findFirst({
      where: { tenantId: fx.tenant.id, type: "login_success" },
    });
    expect(audit?.detail).toMatchObject({ method: "passkey", via: "qr" });
  });

  it("refuses a second open of the same URL, and keeps terminal statuses", async () => {
    const fx = await tenantWithPhonePasskey();
    const start = await startQr(t.app, fx.session);
    const claim = await claimed(t.app, start);
    const again = await claimQr(t.app, start);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(
      failure(
        "conflict",
        "This QR code was already opened on a device. Each code works once: scan the new code on your computer.",
      ),
    );
    expect((await phoneFinish(t.app, claim, fx.phone)).status).toBe(200);
    expect((await claimQr(t.app, start)).status).toBe(409);
    const late = await phoneAbort(t.app, claim, { status: "cancelled" });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe("This QR code's challenge is already completed.");
    t.clock.advance(120);
    expect((await qrStatus(t.app, start)).body.status).toBe("completed");
  });

  it("keeps a login completed when the phone's finish arrives twice (a retry, a double tap)", async () => {
    const fx = await tenantWithPhonePasskey();
    const start = await startQr(t.app, fx.session);
    const claim = await claimed(t.app, start);
    const credential = fx.phone.authenticate(claim.options as never);
    const finish = () =>
      request(t.app)
        .post("/auth/v1/qr/mobile/finish")
        .set("Authorization", `Bearer ${claim.token}`)
        .send({ challengeId: claim.challengeId, credential });
    // Both at once: one finishes the login; the duplicate is refused without touching the status
    // (before, it spent no challenge, failed verification, and marked the login failed).
    // Whether the duplicate overlaps the first finish (409) or arrives after it completed (200,
    // "completed") depends on timing; either way one finishes it and nothing fails it.
    const both = await Promise.all([finish(), finish()]);
    expect(both.map((res) => res.status).sort()).toEqual(
      both.some((res) => res.status === 409) ? [200, 409] : [200, 200],
    );
    for (const res of both) {
      expect(res.body).toEqual(
        res.status === 200
          ? { status: "completed" }
          : failure("conflict", "This QR code's passkey step is already being finished on this phone."),
      );
    }
    // And once more after it completed: it worked, and still does.
    const again = await finish();
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: "completed" });
    const status = await qrStatus(t.app, start);
    expect(status.body).toMatchObject({ status: "completed", user: fx.user });
    const verified = await request(t.app)
      .post("/api/v1/verify-auth")
      .set("X-API-KEY", fx.apiKey)
      .send({ challengeId: status.body.loginChallengeId });
    expect(verified.status).toBe(200);
    const failures = await t.database.db.authAuditEvent.count({
      where: { tenantId: fx.tenant.id, type: "login_failure" },
    });
    expect(failures).toBe(0);
  });

  it("does not let an abort racing a finish turn the login into cancelled", async () => {
    const fx = await tenantWithPhonePasskey();
    const start = await startQr(t.app, fx.session);
    const claim = await claimed(t.app, start);
    const [finished, aborted] = await Promise.all([
      phoneFinish(t.app, claim, fx.phone),
      phoneAbort(t.app, claim, { status: "cancelled" }),
    ]);
    // Exactly one of them decides; the other is refused and changes nothing.
    expect([finished.status, aborted.status].sort()).toEqual([200, 409]);
    const { status } = (await qrStatus(t.app, start)).body as { status: string };
    expect(status).toBe(finished.status === 200 ? "completed" : "cancelled");
  });

  it("lets only one of several concurrent opens claim the challenge", async () => {
    const fx = await tenantWithPhonePasskey();
    const start = await startQr(t.app, fx.session);
    const answers = await Promise.all(Array.from({ length: 6 }, () => claimQr(t.app, start)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it("is cancelled when the phone user dismisses the prompt; the starter is told why", async () => {
    const fx = await tenantWithPhonePasskey();
    const start = await startQr(t.app, fx.session);
    const claim = await claimed(t.app, start);
    const cancelled = await phoneAbort(t.app, claim, { status: "cancelled" });
    expect(cancelled.body).toEqual({ status: "cancelled" });
    expect((await qrStatus(t.app, start)).body).toEqual({
      status: "cancelled",
      message: "Cancelled on the phone.",
    });
    expect((await qrStatus(t.app, start, null)).body).toEqual({ status: "cancelled" });
    // Terminal: the phone cannot finish it any more.
    expect((await phoneFinish(t.app, claim, fx.phone)).status).toBe(409);
  });

  it("fails when the server refuses the passkey, and when the phone's browser cannot do it", async () => {
    const fx = await tenantWithPhonePasskey();
    const stranger = phoneAuthenticator(); // a passkey of another tenant with the same rp_id
    const other = await makeTenant(t);
    await registerPasskey(t.app, await userToken(t.app, other.apiKey, { externalId: "eve" }), stranger);
    const start = await startQr(t.app, fx.session);
    const refused = await phoneFinish(t.app, await claimed(t.app, start), stranger);
    expect(refused.status).toBe(404);
    expect(refused.body.error_code).toBe("credential_not_found");
    expect((await qrStatus(t.app, start)).body).toEqual({
      status: "failed",
      message: "No passkey with this id is registered for this site.",
    });

    const second = await startQr(t.app, fx.session);
    const claim = await claimed(t.app, second);
    const aborted = await phoneAbort(t.app, claim, { status: "failed", reason: "webauthn_not_supported" });
    expect(aborted.body).toEqual({ status: "failed" });
    expect((await qrStatus(t.app, second)).body).toEqual({
      status: "failed",
      message: "The phone's browser cannot use passkeys.",
    });
  });

  it("reads error when the server fails while finishing; the phone gets a 500", async () => {
    const fx = await tenantWithPhonePasskey();
    const start = await startQr(t.app, fx.session);
    const claim = await claimed(t.app, start);
    const fault = jest
      .spyOn(authentication, "finishAuthentication")
      .mockRejectedValueOnce(new Error("connection to the database lost"));
    try {
      const res = await phoneFinish(t.app, claim, fx.phone);
      expect(res.status).toBe(500);
      expect(res.body.error_code).toBe("server_error");
    } finally {
      fault.mockRestore();
    }
    expect((await qrStatus(t.app, start)).body).toEqual({
      status: "error",
      message: "The server could not complete the passkey step. Try again with a new QR code.",
    });
  });

  it("accepts only the WebAuthn challenge issued for this QR code", async () => {
    const fx = await tenantWithPhonePasskey();
    const start = await startQr(t.app, fx.session);
    const claim = await claimed(t.app, start);
    const direct = await request(t.app)
      .post("/auth/v1/authenticate/start")
      .set("Authorization", `Bearer ${fx.session}`)
      .send({});
    const credential = fx.phone.authenticate(direct.body.options);
    const res = await request(t.app)
      .post("/auth/v1/qr/mobile/finish")
      .set("Authorization", `Bearer ${claim.token}`)
      .send({ challengeId: direct.body.challengeId, credential });
    expect(res.status).toBe(410);
    expect((await qrStatus(t.app, start)).body.status).toBe("failed");
  });

  it("expires after QR_TTL_SECONDS: pending and scanned read expired, the phone is refused", async () => {
    const fx = await tenantWithPhonePasskey();
    const pending = await startQr(t.app, fx.session);
    const scanned = await startQr(t.app, fx.session);
    const claim = await claimed(t.app, scanned);
    t.clock.advance(61);
    expect((await qrStatus(t.app, pending)).body).toEqual({ status: "expired" });
    expect((await qrStatus(t.app, scanned)).body).toEqual({ status: "expired" });
    const late = await claimQr(t.app, pending);
    expect(late.status).toBe(410);
    expect(late.body).toEqual(
      failure("challenge_expired", "This QR code has expired. Show a new one on your computer and scan it."),
    );
    expect((await phoneFinish(t.app, claim, fx.phone)).status).toBe(410);
    expect((await phoneAbort(t.app, claim, { status: "cancelled" })).status).toBe(410);
    expect((await qrStatus(t.app, scanned)).body).toEqual({ status: "expired" });
  });
});

describe("QR registration", () => {
  it("stores the passkey for the token's user, created on the phone; the phone can then sign in by QR", async () => {
    const { apiKey } = await makeTenant(t, { name: "Acme" });
    const token = await userToken(t.app, apiKey, { externalId: "grace", displayName: "Grace Hopper" });
    const start = await startQr(t.app, token, { purpose: "register", name: "Grace's phone" });
    const claim = await claimed(t.app, start);
    expect(claim).toMatchObject({
      purpose: "register",
      user: { name: "Grace Hopper" },
      options: expect.objectContaining({ rp: { id: "example.test", name: "Acme" } }),
    });
    const phone = phoneAuthenticator();
    expect((await phoneFinish(t.app, claim, phone)).body).toEqual({ status: "completed" });
    const status = await qrStatus(t.app, start);
    expect(status.body).toEqual({
      status: "completed",
      user: { id: expect.any(String), externalId: "grace", displayName: "Grace Hopper" },
      passkeyId: expect.any(String),
    });
    const passkey = await t.database.db.authCredential.findUnique({ where: { id: status.body.passkeyId } });
    expect(passkey).toMatchObject({ userId: status.body.user.id, name: "Grace's phone" });

    const login = await startQr(t.app, await sessionToken(t.app, apiKey));
    const loginClaim = await claimed(t.app, login);
    expect((await phoneFinish(t.app, loginClaim, phone)).status).toBe(200);
    expect((await qrStatus(t.app, login)).body.user).toEqual(status.body.user);
  });

  it("names the passkey after the phone it is made on, and the relying party as the user token asked", async () => {
    const { apiKey } = await makeTenant(t, { name: "Acme" });
    const token = await userToken(t.app, apiKey, { externalId: "ada", rpName: "Team Board" });
    // The computer's page sends its own device name: the passkey is the phone's, not the computer's.
    const start = await startQr(t.app, token, { purpose: "register", name: "Chrome on Linux" });
    const iPhone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    const res = await request(t.app)
      .post("/auth/v1/qr/mobile/claim")
      .set("User-Agent", iPhone)
      .send({ secret: mobileSecretOf(start) });
    expect(res.status).toBe(200);
    const claim = res.body as QrClaimResponse;
    expect(claim.purpose === "register" && claim.options.rp).toEqual({
      id: "example.test",
      name: "Team Board",
    });
    expect((await phoneFinish(t.app, claim, phoneAuthenticator())).body).toEqual({ status: "completed" });
    const { passkeyId } = (await qrStatus(t.app, start)).body;
    const passkey = await t.database.db.authCredential.findUniqueOrThrow({ where: { id: passkeyId } });
    expect(passkey.name).toBe("Safari on iOS");
  });

  it("fails when the phone already holds a passkey for the user (the phone says so)", async () => {
    const { apiKey } = await makeTenant(t);
    const token = await userToken(t.app, apiKey, { externalId: "twice" });
    const start = await startQr(t.app, token, { purpose: "register" });
    const claim = await claimed(t.app, start);
    await phoneAbort(t.app, claim, { status: "failed", reason: "credential_exists" });
    expect((await qrStatus(t.app, start)).body).toEqual({
      status: "failed",
      message: "The phone already holds a passkey for this account.",
    });
  });
});

describe("QR defences and input", () => {
  it("needs the right token for each purpose", async () => {
    const { apiKey } = await makeTenant(t);
    const session = await sessionToken(t.app, apiKey);
    const token = await userToken(t.app, apiKey, { externalId: "u" });
    const start = (bearer: string | null, body: Record<string, unknown> = {}) => {
      const req = request(t.app).post("/auth/v1/qr/start");
      if (bearer) req.set("Authorization", `Bearer ${bearer}`);
      return req.send(body);
    };
    expect((await start(null)).status).toBe(401);
    expect((await start(token)).status).toBe(401); // a user token is no session token
    expect((await start(session, { purpose: "register" })).status).toBe(401);
    expect((await start(token, { purpose: "register", name: "" })).status).toBe(400);
    expect((await start(session, { purpose: "sideways" })).status).toBe(400);
    expect((await start(token, { purpose: "register" })).status).toBe(200);
  });

  it("refuses a disabled user's registration", async () => {
    const { apiKey } = await makeTenant(t);
    const token = await userToken(t.app, apiKey, { externalId: "gone" });
    await request(t.app).post("/api/v1/users/gone/disable").set("X-API-KEY", apiKey);
    const res = await request(t.app)
      .post("/auth/v1/qr/start")
      .set("Authorization", `Bearer ${token}`)
      .send({ purpose: "register" });
    expect(res.status).toBe(403);
    expect(res.body.error_code).toBe("user_disabled");
  });

  it("answers unknown challenges, secrets and phone tokens plainly", async () => {
    expect((await request(t.app).get("/auth/v1/qr/nope/status")).status).toBe(404);
    expect((await request(t.app).get("/auth/v1/qr/%00/status")).status).toBe(400);
    const session = await sessionToken(t.app, (await makeTenant(t)).apiKey);
    const nul = await request(t.app)
      .post("/auth/v1/qr/start")
      .set("Authorization", `Bearer ${session}`)
      .send({ name: "a\u0000b" });
    expect(nul.status).toBe(400);
    const claim = await request(t.app)
      .post("/auth/v1/qr/mobile/claim")
      .send({ secret: "A".repeat(43) });
    expect(claim.status).toBe(410);
    expect(
      (await request(t.app).post("/auth/v1/qr/mobile/claim").send({ secret: "not base64url!" })).status,
    ).toBe(400);
    const finish = await request(t.app)
      .post("/auth/v1/qr/mobile/abort")
      .set("Authorization", "Bearer qrp_unknown")
      .send({ status: "cancelled" });
    expect(finish.status).toBe(401);
    const noToken = await request(t.app).post("/auth/v1/qr/mobile/abort").send({ status: "cancelled" });
    expect(noToken.status).toBe(401);
    // The token is checked before the body is read (issue 28): an unknown one is 401 whatever it
    // sends; a valid one with a bad body is 400.
    const unknownWithBadReason = await request(t.app)
      .post("/auth/v1/qr/mobile/abort")
      .set("Authorization", "Bearer qrp_unknown")
      .send({ status: "failed", reason: "because" });
    expect(unknownWithBadReason.status).toBe(401);
    const fx = await tenantWithPhonePasskey();
    const phone = await claimed(t.app, await startQr(t.app, fx.session));
    const badReason = await request(t.app)
      .post("/auth/v1/qr/mobile/abort")
      .set("Authorization", `Bearer ${phone.token}`)
      .send({ status: "failed", reason: "because" });
    expect(badReason.status).toBe(400);
  });

  it("shows the page's origin only when it is one of the tenant's", async () => {
    const { tenant, apiKey } = await makeTenant(t);
    const session = await sessionToken(t.app, apiKey);
    // A stranger's page cannot use the tenant's token at all.
    const fromStranger = await request(t.app)
      .post("/auth/v1/qr/start")
      .set("Authorization", `Bearer ${session}`)
      .set("Origin", "https://evil.test")
      .send({ origin: ORIGIN });
    expect(fromStranger.status).toBe(403);
    expect(fromStranger.body).toEqual(
      failure(
        "configuration_error",
        `https://evil.test is not an allowed origin of the tenant "${tenant.name}": add it (cli tenant update <id> --add-origin https://evil.test, or the dashboard's Edit tenant).`,
      ),
    );
    // Without an Origin header (no page), the claimed origin is not believed either.
    const noPage = await request(t.app)
      .post("/auth/v1/qr/start")
      .set("Authorization", `Bearer ${session}`)
      .send({ origin: "https://evil.test" });
    expect((await claimed(t.app, noPage.body)).origin).toBeNull();
    // From the embed (same origin as the server), the embed names its tenant page.
    const fromEmbed = await request(t.app)
      .post("/auth/v1/qr/start")
      .set("Authorization", `Bearer ${session}`)
      .set("Origin", "http://localhost:4100")
      .set("X-AuthKit-Embed-Origin", ORIGIN)
      .send({});
    expect((await claimed(t.app, fromEmbed.body)).origin).toBe(ORIGIN);
  });

  it("rate-limits starts per IP and status polls per IP and challenge", async () => {
    const app = t.sibling({ RATE_LIMIT_QR_START_PER_MINUTE: "2", RATE_LIMIT_QR_STATUS_PER_MINUTE: "3" });
    const { apiKey } = await makeTenant(t);
    const session = await sessionToken(app, apiKey);
    const first = await startQr(app, session);
    const second = await startQr(app, session);
    const third = await request(app)
      .post("/auth/v1/qr/start")
      .set("Authorization", `Bearer ${session}`)
      .send({});
    expect(third.status).toBe(429);
    expect(third.body.error_code).toBe("rate_limited");
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
    for (let poll = 0; poll < 3; poll += 1) expect((await qrStatus(app, first)).status).toBe(200);
    expect((await qrStatus(app, first)).status).toBe(429);
    expect((await qrStatus(app, second)).status).toBe(200); // another challenge has its own count
  });
});

describe("two instances on one PostgreSQL database (no Redis)", () => {
  it("the desktop polling one instance sees what the phone did on another", async () => {
    const desktop = t.app;
    const phoneSide = t.sibling();
    const fx = await tenantWithPhonePasskey(desktop);
    const start = await startQr(desktop, fx.session);
    const claim = await claimed(phoneSide, start);
    expect((await qrStatus(desktop, start)).body).toEqual({ status: "scanned" });
    expect((await phoneFinish(phoneSide, claim, fx.phone)).status).toBe(200);
    expect((await qrStatus(desktop, start)).body).toMatchObject({ status: "completed", user: fx.user });
  });
});

describe("QR login policy", () => {
  it("answers 403 configuration_error for a tenant with qr_login off, and works again when it is on", async () => {
    const fx = await tenantWithPhonePasskey();
    const { browser, csrf } = await signedInAdmin(t);
    const patch = (qr_login: string) =>
      browser.patch(`/admin/api/tenants/${fx.tenant.id}`).set("X-CSRF-Token", csrf).send({ qr_login });
    expect((await patch("off")).body).toMatchObject({ id: fx.tenant.id, qr_login: "off" });
    for (const token of [fx.session, await userToken(t.app, fx.apiKey, { externalId: "reg" })]) {
      const res = await request(t.app)
        .post("/auth/v1/qr/start")
        .set("Authorization", `Bearer ${token}`)
        .send(token === fx.session ? {} : { purpose: "register" });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(failure("configuration_error", "QR sign-in is turned off for Acme."));
    }
    expect((await patch("sideways")).status).toBe(400);
    expect((await patch("on")).body.qr_login).toBe("on");
    expect((await startQr(t.app, fx.session)).challengeId).toEqual(expect.any(String));
  });

  it("is checked again when the phone opens the code and when it finishes, on another instance too (issue 28)", async () => {
    const desktop = t.app;
    const phoneSide = t.sibling();
    const fx = await tenantWithPhonePasskey(desktop);
    const { browser, csrf } = await signedInAdmin(t);
    const patch = async (qr_login: string) =>
      expect(
        (
          await browser
            .patch(`/admin/api/tenants/${fx.tenant.id}`)
            .set("X-CSRF-Token", csrf)
            .send({ qr_login })
        ).status,
      ).toBe(200);
    const turnedOff = failure("configuration_error", "QR sign-in is turned off for Acme.");

    // Shown while on, opened after it was turned off: refused, and the starter stops waiting.
    const shown = await startQr(desktop, fx.session);
    await patch("off");
    const opened = await claimQr(phoneSide, shown);
    expect(opened.status).toBe(403);
    expect(opened.body).toEqual(turnedOff);
    expect((await qrStatus(desktop, shown)).body).toMatchObject({ status: "failed" });

    // Opened while on, finished after it was turned off: refused, nobody signed in.
    await patch("on");
    const start = await startQr(desktop, fx.session);
    const claim = await claimed(phoneSide, start);
    await patch("off");
    const finished = await phoneFinish(phoneSide, claim, fx.phone);
    expect(finished.status).toBe(403);
    expect(finished.body).toEqual(turnedOff);
    const status = (await qrStatus(desktop, start)).body;
    expect(status).toMatchObject({ status: "failed" });
    expect(status).not.toHaveProperty("user");
    const verified = await request(desktop)
      .post("/api/v1/verify-auth")
      .set("X-API-KEY", fx.apiKey)
      .send({ challengeId: claim.challengeId });
    expect(verified.status).toBe(404);
    expect(
      await t.database.db.authAuditEvent.count({
        where: { tenantId: fx.tenant.id, type: "login_success" },
      }),
    ).toBe(0);

    await patch("on");
    const again = await startQr(desktop, fx.session);
    expect((await phoneFinish(phoneSide, await claimed(phoneSide, again), fx.phone)).status).toBe(200);
  });

  it("is off for the built-in admin tenant: the sign-in page's token cannot start a QR login", async () => {
    const res = await request(t.app)
      .post("/auth/v1/qr/start")
      .set("Authorization", `Bearer ${await signInToken(t)}`)
      .set("Origin", "http://localhost:4100")
      .send({});
    expect(res.status).toBe(403);
    expect(res.body).toEqual(failure("configuration_error", "QR sign-in is turned off for AuthKit admin."));
  });

  it("is on for new tenants, and listed with every tenant", async () => {
    const { browser, csrf } = await signedInAdmin(t);
    const created = await browser
      .post("/admin/api/tenants")
      .set("X-CSRF-Token", csrf)
      .send({ name: "Fresh", rp_id: "fresh.test", origins: ["https://fresh.test"] });
    expect(created.body.tenant.qr_login).toBe("on");
    const off = await browser
      .post("/admin/api/tenants")
      .set("X-CSRF-Token", csrf)
      .send({ name: "No QR", rp_id: "noqr.test", qr_login: "off" });
    expect(off.body.tenant.qr_login).toBe("off");
  });
});

describe("what the phone is shown", () => {
  it("is only what the server verified: the starter's headers and claims do not reach the page", async () => {
    const fx = await tenantWithPhonePasskey();
    // A relaying attacker starts the login with headers and a body of its choosing.
    const res = await request(t.app)
      .post("/auth/v1/qr/start")
      .set("Authorization", `Bearer ${fx.session}`)
      .set("User-Agent", "Your bank's official sign-in (safe)")
      .send({ origin: "https://bank.example" });
    expect(res.status).toBe(200);
    const claim = await claimed(t.app, res.body);
    expect(claim).toMatchObject({ tenant: { name: "Acme", rpId: "example.test" }, origin: null });
    expect(JSON.stringify(claim)).not.toMatch(/bank|official|safe/);
    expect(claim).not.toHaveProperty("desktop");
  });

  it("says whether the phone is on the computer's network (IPv4 /24, IPv6 /64)", async () => {
    const app = t.sibling({ TRUST_PROXY: "loopback" });
    const fx = await tenantWithPhonePasskey(app);
    const networkSeen = async (computer: string, phone: string) => {
      const start = await request(app)
        .post("/auth/v1/qr/start")
        .set("Authorization", `Bearer ${fx.session}`)
        .set("X-Forwarded-For", computer)
        .send({});
      const claim = await request(app)
        .post("/auth/v1/qr/mobile/claim")
        .set("X-Forwarded-For", phone)
        .send({ secret: mobileSecretOf(start.body) });
      return (claim.body as { network: string }).network;
    };
    expect(await networkSeen("203.0.113.10", "203.0.113.10")).toBe("same");
    expect(await networkSeen("203.0.113.10", "203.0.113.200")).toBe("same");
    // The attacker's computer is elsewhere: the phone page warns.
    expect(await networkSeen("198.51.100.66", "203.0.113.10")).toBe("different");
    expect(await networkSeen("2001:db8:1:2::10", "2001:db8:1:2:aaaa::1")).toBe("same");
    expect(await networkSeen("2001:db8:1:2::10", "2001:db8:1:3::10")).toBe("different");
    expect(await networkSeen("203.0.113.10", "2001:db8:1:2::10")).toBe("different");
  });
});
