// OAuth 2.1 discovery for agents' hosts (the MCP authorization specification, 2025-11-25):
// board-api is its own authorization server (issuer = PUBLIC_URL) and the protected resource of
// `/mcp` and `/api/v1`. RFC 9728 (protected-resource metadata, also at the path-suffixed
// locations) and RFC 8414 (authorization-server metadata). Public documents, readable by any
// origin's pages (CORS `*`).
import { Router, type Response } from "express";

export const OAUTH_SCOPES = ["board:read", "board:write"] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** The two protected resources, by the path their tokens are for. */
export const OAUTH_RESOURCE_PATHS = ["/mcp", "/api/v1"] as const;
export type OAuthResourcePath = (typeof OAUTH_RESOURCE_PATHS)[number];

export const PROTECTED_RESOURCE_WELL_KNOWN = "/.well-known/oauth-protected-resource";
export const AUTHORIZATION_SERVER_WELL_KNOWN = "/.well-known/oauth-authorization-server";

/** Every OAuth URL of a deployment, from its PUBLIC_URL. */
export interface OAuthUrls {
  issuer: string;
  authorize: string;
  token: string;
  register: string;
  revoke: string;
  /** A resource's canonical URI (RFC 8707: what `resource` names and the token is bound to). */
  resource(path: OAuthResourcePath): string;
  /** Where a resource's RFC 9728 metadata is (the 401 challenge's `resource_metadata`). */
  resourceMetadata(path: OAuthResourcePath): string;
}

export function oauthUrls(publicUrl: string): OAuthUrls {
  const issuer = publicUrl.replace(/\/+$/, "");
  return {
    issuer,
    authorize: `${issuer}/oauth/authorize`,
    token: `${issuer}/oauth/token`,
    register: `${issuer}/oauth/register`,
    revoke: `${issuer}/oauth/revoke`,
    resource: (path) => `${issuer}${path}`,
    resourceMetadata: (path) =>
      // /api/v1's is the origin's document; /mcp's is path-suffixed (RFC 9728 section 3.1).
      path === "/mcp"
        ? `${issuer}${PROTECTED_RESOURCE_WELL_KNOWN}/mcp`
        : `${issuer}${PROTECTED_RESOURCE_WELL_KNOWN}`,
  };
}

/** The resource a `resource` parameter names (a trailing slash tolerated), if it is one of ours. */
export function resourcePathOf(urls: OAuthUrls, resource: string): OAuthResourcePath | undefined {
  const wanted = resource.replace(/\/+$/, "");
  return OAUTH_RESOURCE_PATHS.find((path) => urls.resource(path) === wanted);
}

/** RFC 9728 metadata of one resource. */
export function protectedResourceMetadata(urls: OAuthUrls, path: OAuthResourcePath) {
  return {
    resource: urls.resource(path),
    authorization_servers: [urls.issuer],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: path === "/mcp" ? "Board MCP server" : "Board API",
    resource_documentation: `${urls.issuer}/llms.txt`,
  };
}

/** RFC 8414 metadata of the authorization server. */
export function authorizationServerMetadata(urls: OAuthUrls) {
  return {
    issuer: urls.issuer,
    authorization_endpoint: urls.authorize,
    token_endpoint: urls.token,
    registration_endpoint: urls.register,
    revocation_endpoint: urls.revoke,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    // Public clients only: PKCE binds the code, refresh tokens rotate.
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    service_documentation: `${urls.issuer}/llms.txt`,
  };
}

function sendPublic(res: Response, body: unknown): void {
  res.set("Access-Control-Allow-Origin", "*").set("Cache-Control", "public, max-age=300").json(body);
}

/** The discovery documents. */
export function oauthMetadataRouter(urls: OAuthUrls): Router {
  const router = Router();
  router.get(`${PROTECTED_RESOURCE_WELL_KNOWN}/mcp`, (_req, res) =>
    sendPublic(res, protectedResourceMetadata(urls, "/mcp")),
  );
  router.get([PROTECTED_RESOURCE_WELL_KNOWN, `${PROTECTED_RESOURCE_WELL_KNOWN}/api/v1`], (_req, res) =>
    sendPublic(res, protectedResourceMetadata(urls, "/api/v1")),
  );
  // RFC 8414 at the origin (the issuer is PUBLIC_URL). Not OpenID discovery: there is no ID token.
  router.get(AUTHORIZATION_SERVER_WELL_KNOWN, (_req, res) =>
    sendPublic(res, authorizationServerMetadata(urls)),
  );
  return router;
}
