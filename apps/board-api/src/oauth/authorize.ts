// The authorization request (GET /oauth/authorize): checked here once the client and its
// redirect URI are known good; errors before that are never redirected (RFC 6749 4.1.2.1), the
// others go back to the client with `state` and `iss` (RFC 9207).
import type { Db } from "@org/db";
import {
  resolveClient,
  redirectHost,
  redirectUriAllowed,
  type ClientResolverOptions,
  type OAuthClientRow,
} from "./clients.ts";
import { OAuthError } from "./errors.ts";
import { OAUTH_SCOPES, resourcePathOf, type OAuthScope, type OAuthUrls } from "./metadata.ts";

/** An authorization request that passed every check. */
export interface AuthorizationRequest {
  client: OAuthClientRow;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  scopes: OAuthScope[];
  resource: string;
}

/** An error to send back to the client's redirect URI. */
export class RedirectableError extends Error {
  constructor(
    readonly location: string,
    readonly error: OAuthError,
  ) {
    super(error.description);
  }
}

/** The client's redirect URI with the answer's parameters (and iss, RFC 9207). */
export function redirectWith(
  redirectUri: string,
  params: Record<string, string | undefined>,
  issuer: string,
): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  url.searchParams.set("iss", issuer);
  return url.href;
}

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw new OAuthError("invalid_request", `${name} must be given once.`);
  return value;
}

/**
 * Checks an authorization request. Throws OAuthError (not to be redirected: unknown client, bad
 * redirect_uri) or RedirectableError (send the client back with the error).
 */
export async function checkAuthorizationRequest(
  db: Db,
  urls: OAuthUrls,
  query: Record<string, unknown>,
  options: ClientResolverOptions,
): Promise<AuthorizationRequest> {
  const client = await resolveClient(db, single(query, "client_id"), options);
  const redirectUri = single(query, "redirect_uri");
  if (!redirectUri) throw new OAuthError("invalid_request", "redirect_uri is required.");
  if (!redirectUriAllowed(client.redirectUris, redirectUri)) {
    throw new OAuthError("invalid_request", "redirect_uri is not one of this client's redirect URIs.");
  }
  const state = single(query, "state");
  const back = (error: OAuthError) =>
    new RedirectableError(
      redirectWith(
        redirectUri,
        { error: error.error, error_description: error.description, state },
        urls.issuer,
      ),
      error,
    );
  try {
    if (single(query, "response_type") !== "code") {
      throw new OAuthError("unsupported_response_type", 'response_type must be "code".');
    }
    const codeChallenge = single(query, "code_challenge");
    if (!codeChallenge) throw new OAuthError("invalid_request", "code_challenge is required (PKCE, S256).");
    if (single(query, "code_challenge_method") !== "S256") {
      throw new OAuthError("invalid_request", 'code_challenge_method must be "S256".');
    }
    if (!/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) {
      throw new OAuthError(
        "invalid_request",
        "code_challenge is not an S256 challenge (43 base64url characters).",
      );
    }
    const resource = single(query, "resource");
    if (!resource)
      throw new OAuthError(
        "invalid_target",
        `resource is required (RFC 8707): ${urls.resource("/mcp")} or ${urls.resource("/api/v1")}.`,
      );
    const path = resourcePathOf(urls, resource);
    if (!path) {
      throw new OAuthError(
        "invalid_target",
        `This server issues tokens for ${urls.resource("/mcp")} and ${urls.resource("/api/v1")} only.`,
      );
    }
    const requested = (single(query, "scope") ?? OAUTH_SCOPES.join(" ")).split(" ").filter(Boolean);
    const unknown = requested.filter((scope) => !(OAUTH_SCOPES as readonly string[]).includes(scope));
    if (unknown.length > 0) throw new OAuthError("invalid_scope", `Unknown scope: ${unknown.join(", ")}.`);
    const scopes =
      requested.length === 0
        ? [...OAUTH_SCOPES]
        : (OAUTH_SCOPES.filter((s) => requested.includes(s)) as OAuthScope[]);
    // board:write implies board:read.
    if (scopes.includes("board:write") && !scopes.includes("board:read")) scopes.unshift("board:read");
    return { client, redirectUri, state, codeChallenge, scopes, resource: urls.resource(path) };
  } catch (error) {
    if (error instanceof OAuthError) throw back(error);
    throw error;
  }
}

/** What the consent screen shows. */
export function consentView(request: AuthorizationRequest) {
  const { host, verified } = redirectHost(request.client, request.redirectUri);
  return {
    client: {
      client_id: request.client.clientId,
      name: request.client.name,
      client_uri: request.client.clientUri,
      logo_uri: request.client.logoUri,
      kind: request.client.kind,
    },
    redirect_host: host,
    redirect_verified: verified,
    scopes: request.scopes,
    resource: request.resource,
  };
}
