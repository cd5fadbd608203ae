/**
 * `http://localhost:<port>` for a server on 127.0.0.1: the origin browsers and passkeys use in
 * tests (WebAuthn's relying party `localhost`), where the server itself says `127.0.0.1`.
 */
export function localhostUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hostname = "localhost";
  return parsed.origin;
}
