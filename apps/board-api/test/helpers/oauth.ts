// OAuth grants for tests, made the way a host and a person make them over HTTP: the host registers
// (RFC 7591), the signed-in person approves on the consent endpoint (optionally for chosen
// projects), the host exchanges the code with its PKCE verifier.
import { createHash, randomBytes } from "node:crypto";
import type { Express } from "express";
import request from "supertest";
import { startWebSession } from "../../src/services/web-sessions.ts";

export const OAUTH_REDIRECT = "http://127.0.0.1:33418/callback";

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** A web session for `userId` (just signed in, so stepped up): its cookie and CSRF token. */
export async function webSessionOf(db: Parameters<typeof startWebSession>[0]["db"], userId: string) {
  const session = await startWebSession({ db, userId, lifetime: { idleMs: 600_000, absoluteMs: 600_000 } });
  return { cookie: `board_session=${session.token}`, csrf: session.csrfToken };
}

export interface OAuthPair {
  client: string;
  access_token: string;
  refresh_token: string;
}

/**
 * A token pair for the person of `session`: `resource` is `<PUBLIC_URL>/mcp` or `/api/v1`;
 * `projectIds` limits the grant (null: every project).
 */
export async function grantTokens(
  app: Express | string,
  session: { cookie: string; csrf: string },
  {
    resource,
    scope = "board:read board:write",
    projectIds = null,
  }: { resource: string; scope?: string; projectIds?: string[] | null },
): Promise<OAuthPair> {
  const registered = await request(app)
    .post("/oauth/register")
    .send({ client_name: "Test host", redirect_uris: ["http://127.0.0.1/callback"] });
  if (registered.status !== 201) throw new Error(`registration: ${registered.status}`);
  const client = registered.body.client_id as string;
  const { verifier, challenge } = pkce();
  const query = {
    response_type: "code",
    client_id: client,
    redirect_uri: OAUTH_REDIRECT,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "st",
    resource,
    scope,
  };
  const decided = await request(app)
    .post("/app/auth/oauth/authorize")
    .set("Cookie", session.cookie)
    .set("X-CSRF-Token", session.csrf)
    .send({ query, approve: true, project_ids: projectIds });
  if (decided.status !== 200 || !decided.body.redirect_to) {
    throw new Error(`consent: ${decided.status} ${JSON.stringify(decided.body)}`);
  }
  const code = new URL(decided.body.redirect_to as string).searchParams.get("code");
  if (!code) throw new Error(`consent: ${decided.body.redirect_to}`);
  const tokens = await request(app).post("/oauth/token").type("form").send({
    grant_type: "authorization_code",
    code,
    client_id: client,
    redirect_uri: OAUTH_REDIRECT,
    code_verifier: verifier,
    resource,
  });
  if (tokens.status !== 200) throw new Error(`token: ${tokens.status} ${JSON.stringify(tokens.body)}`);
  return { client, ...(tokens.body as { access_token: string; refresh_token: string }) };
}
