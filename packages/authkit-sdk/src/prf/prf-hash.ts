import { toBase64Url } from "./base64url.ts";

/**
 * The registration commitment sent to register/finish instead of the PRF output:
 * base64url(SHA-256(challengeId + ':' + prfOutput)).
 */
export async function prfHash(challengeId: string, prfOutput: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`${challengeId}:${prfOutput}`),
  );
  return toBase64Url(digest);
}
