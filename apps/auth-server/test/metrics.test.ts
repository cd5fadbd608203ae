import { metricValue } from "@org/service-kit/testing";
import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import {
  login,
  makeAuthenticator,
  makeTenant,
  registerPasskey,
  sessionToken,
  tenantWithPasskey,
  userToken,
} from "./helpers/flows.ts";
import { claimed, phoneAuthenticator, phoneFinish, startQr } from "./helpers/qr.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const scrape = async () => (await request(t.app).get("/metrics")).text;

describe("GET /metrics", () => {
  it("counts logins and registrations by result, and QR challenges by status", async () => {
    const { authenticator, session, apiKey } = await tenantWithPasskey(t);
    expect((await login(t.app, session, authenticator)).status).toBe(200);
    // Signed on another site: refused.
    const refused = await login(t.app, session, authenticator, { origin: "https://evil.test" });
    expect(refused.status).toBe(400);
    const other = await userToken(t.app, apiKey, { externalId: "other" });
    const refusedRegistration = await registerPasskey(t.app, other, makeAuthenticator(), {
      overrides: { origin: "https://evil.test" },
    });
    expect(refusedRegistration.status).toBe(400);

    // A cross-device registration on a phone: started, scanned, completed.
    const token = await userToken(t.app, apiKey, { externalId: "phone-user" });
    const start = await startQr(t.app, token, { purpose: "register" });
    const claim = await claimed(t.app, start);
    const phone = phoneAuthenticator();
    expect((await phoneFinish(t.app, claim, phone)).status).toBe(200);
    // The same finish sent again (it worked): answered, not counted again.
    expect((await phoneFinish(t.app, claim, phone)).status).toBe(200);
    // Then a sign-in with that phone by QR (issue 27: QR logins were not counted), and one the
    // phone's passkey cannot do (signed for another site).
    const qrLogin = await claimed(t.app, await startQr(t.app, session));
    expect((await phoneFinish(t.app, qrLogin, phone)).status).toBe(200);
    const qrRefused = await claimed(t.app, await startQr(t.app, session));
    const signedElsewhere = await request(t.app)
      .post("/auth/v1/qr/mobile/finish")
      .set("Authorization", `Bearer ${qrRefused.token}`)
      .send({
        challengeId: qrRefused.challengeId,
        credential: phone.authenticate(qrRefused.options as never, { origin: "https://evil.test" }),
      });
    expect(signedElsewhere.status).toBe(400);

    const text = await scrape();
    const service = "auth-server";
    const logins = (result: string) =>
      metricValue(text, "auth_logins_total", { service, method: "passkey", result });
    expect(logins("success")).toBe(1);
    expect(logins((refused.body as { error_code: string }).error_code)).toBe(1);
    const qrLogins = (result: string) =>
      metricValue(text, "auth_logins_total", { service, method: "qr", result });
    expect(qrLogins("success")).toBe(1);
    expect(qrLogins("verification_failed")).toBe(1);
    const registrations = (result: string) =>
      metricValue(text, "auth_registrations_total", { service, result });
    // One on this device, one on the phone.
    expect(registrations("success")).toBe(2);
    expect(registrations("verification_failed")).toBe(1);
    for (const status of ["pending", "scanned", "completed"]) {
      const value = metricValue(text, "auth_qr_challenges_total", { service, purpose: "register", status });
      expect([status, value]).toEqual([status, 1]);
    }
  });

  it("labels requests by route template, never by the raw path", async () => {
    const { apiKey } = await makeTenant(t);
    await sessionToken(t.app, apiKey);
    await request(t.app).get("/auth/v1/qr/0123456789abcdef/status");
    await request(t.app).get("/no/such/page/42");
    const text = await scrape();
    const requests = (method: string, route: string, status: string) =>
      metricValue(text, "http_requests_total", { service: "auth-server", method, route, status });
    expect(requests("POST", "/api/v1/session-token", "200")).toBeGreaterThanOrEqual(1);
    expect(requests("GET", "/auth/v1/qr/:challenge_id/status", "404")).toBe(1);
    expect(requests("GET", "unmatched", "404")).toBe(1);
    expect(text).not.toContain("0123456789abcdef");
    expect(text).not.toContain("/no/such/page");
    expect(text).toContain("http_request_duration_seconds_bucket{");
  });

  it("is off in production without METRICS_TOKEN, and asks for the token when one is set", async () => {
    expect((await request(t.sibling({ NODE_ENV: "production" })).get("/metrics")).status).toBe(404);
    const token = "metrics-token-0123456789";
    const guarded = t.sibling({ NODE_ENV: "production", METRICS_TOKEN: token });
    const anonymous = await request(guarded).get("/metrics");
    expect([anonymous.status, anonymous.body.error_code]).toEqual([401, "unauthenticated"]);
    expect(
      (await request(guarded).get("/metrics").set("Authorization", "Bearer wrong-token-0123456789")).status,
    ).toBe(401);
    const scraped = await request(guarded).get("/metrics").set("Authorization", `Bearer ${token}`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(scraped.text).toContain("# TYPE http_requests_total counter");
  });
});
