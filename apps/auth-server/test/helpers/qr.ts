// The desktop and phone sides of a cross-device (QR) flow, through HTTP.
import type { QrClaimResponse, QrStartResponse } from "@org/contracts";
import type { Express } from "express";
import request from "supertest";
import { SoftwareAuthenticator } from "../../src/testing/index.ts";
import { ORIGIN } from "./flows.ts";

/** The auth server's own origin in the tests (PUBLIC_URL): where the phone page runs. */
export const PHONE_ORIGIN = "http://localhost:4100";
export const DESKTOP_AGENT =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A phone's authenticator: its ceremonies run on the phone page, on the auth server's origin. */
export const phoneAuthenticator = () => new SoftwareAuthenticator({ origin: PHONE_ORIGIN });

/** POST /auth/v1/qr/start from a tenant page (Origin ORIGIN) in desktop Chrome. */
export async function startQr(app: Express, token: string, body: Record<string, unknown> = {}) {
  const res = await request(app)
    .post("/auth/v1/qr/start")
    .set("Authorization", `Bearer ${token}`)
    .set("Origin", ORIGIN)
    .set("User-Agent", DESKTOP_AGENT)
    .send(body);
  if (res.status !== 200) throw new Error(`qr/start: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as QrStartResponse;
}

/** The secret in the QR's URL (its fragment). */
export const mobileSecretOf = (start: QrStartResponse) => new URL(start.mobileUrl).hash.slice(1);

export const claimQr = (app: Express, start: QrStartResponse) =>
  request(app)
    .post("/auth/v1/qr/mobile/claim")
    .send({ secret: mobileSecretOf(start) });

export async function claimed(app: Express, start: QrStartResponse): Promise<QrClaimResponse> {
  const res = await claimQr(app, start);
  if (res.status !== 200) throw new Error(`qr/mobile/claim: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as QrClaimResponse;
}

/** The phone runs WebAuthn with the claim's options and sends the result. */
export function phoneFinish(app: Express, claim: QrClaimResponse, authenticator: SoftwareAuthenticator) {
  const credential =
    claim.purpose === "register"
      ? authenticator.register(claim.options as never)
      : authenticator.authenticate(claim.options as never);
  return request(app)
    .post("/auth/v1/qr/mobile/finish")
    .set("Authorization", `Bearer ${claim.token}`)
    .send({ challengeId: claim.challengeId, credential });
}

export const phoneAbort = (app: Express, claim: QrClaimResponse, body: Record<string, unknown>) =>
  request(app).post("/auth/v1/qr/mobile/abort").set("Authorization", `Bearer ${claim.token}`).send(body);

/** GET status, with the starter's secret or not. */
export async function qrStatus(app: Express, start: QrStartResponse, secret: string | null = start.secret) {
  const req = request(app).get(`/auth/v1/qr/${start.challengeId}/status`);
  if (secret) req.set("Authorization", `Bearer ${secret}`);
  return req;
}
