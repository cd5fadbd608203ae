// The phone's side of a QR flow played over HTTP from the test (no second browser): for tests
// about what the desktop shows.
import type { QrClaimResponse } from "@org/contracts";
import { SoftwareAuthenticator, type RunningAuthServer } from "@org/auth-server/testing";

async function call<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A phone with a software authenticator that holds a passkey of `externalId` (made on the phone page's origin). */
export async function softwarePhone(auth: RunningAuthServer, apiKey: string, externalId: string) {
  const authenticator = new SoftwareAuthenticator({ origin: auth.url });
  const token = await auth.userToken(apiKey, externalId, "Ada Lovelace");
  const started = await call<{ challengeId: string; options: never }>(
    `${auth.url}/auth/v1/register/start`,
    {},
    token,
  );
  await call(
    `${auth.url}/auth/v1/register/finish`,
    { challengeId: started.challengeId, credential: authenticator.register(started.options) },
    token,
  );
  return {
    /** Opens the QR's URL: the desktop sees "scanned". */
    claim: (mobileUrl: string) =>
      call<QrClaimResponse>(`${auth.url}/auth/v1/qr/mobile/claim`, {
        secret: new URL(mobileUrl).hash.slice(1),
      }),
    /** Signs in with the passkey: the desktop sees "completed". */
    finish: (claim: QrClaimResponse) =>
      call(
        `${auth.url}/auth/v1/qr/mobile/finish`,
        { challengeId: claim.challengeId, credential: authenticator.authenticate(claim.options as never) },
        claim.token,
      ),
    /** Gives up: "cancelled", or "failed" for a reason. */
    abort: (claim: QrClaimResponse, body: Record<string, unknown>) =>
      call(`${auth.url}/auth/v1/qr/mobile/abort`, body, claim.token),
  };
}
