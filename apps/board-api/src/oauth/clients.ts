// OAuth clients: registered ones (RFC 7591, open registration, client_id `bcl_…`; unused
// registrations expire) and those identified by a Client ID Metadata Document (client_id = an
// https URL, fetched through service-kit's guarded fetch and cached per its headers). Redirect
// URIs: exact match for https, any port on a loopback address for native apps (RFC 8252).
import type { Db } from "@org/db";
import { generateSecret, guardedFetch, OutboundFetchError, type GuardedFetchOptions } from "@org/service-kit";
import { OAuthError } from "./errors.ts";

/** An unused registration (no grant made with it) is deleted after this long. */
export const REGISTRATION_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_REDIRECT_URIS = 10;
const MAX_NAME = 100;
const MAX_URI = 2000;

export interface OAuthClientRow {
  id: string;
  clientId: string;
  kind: string;
  name: string;
  clientUri: string | null;
  logoUri: string | null;
  redirectUris: string[];
  expiresAt: Date | null;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

function parseUrl(value: unknown): URL | undefined {
  if (typeof value !== "string" || value.length > MAX_URI) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** Whether a redirect URI may be registered: https anywhere, or http on a loopback address; no fragment. */
export function redirectUriProblem(value: unknown): string | undefined {
  const url = parseUrl(value);
  if (!url) return `${String(value)} is not a URL`;
  if (url.hash) return `${url.href} has a fragment`;
  if (url.username || url.password) return `${url.href} carries credentials`;
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return `${url.href} is neither https nor http on a loopback address (127.0.0.1, [::1], localhost)`;
}

/**
 * Whether `requested` is one of the client's redirect URIs: exactly, or (loopback, RFC 8252
 * section 7.3) the same but for the port, which a native app picks when it starts listening.
 */
export function redirectUriAllowed(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  const wanted = parseUrl(requested);
  if (!wanted || wanted.protocol !== "http:" || !LOOPBACK_HOSTS.has(wanted.hostname)) return false;
  const portless = (url: URL) => `${url.protocol}//${url.hostname}${url.pathname}${url.search}`;
  return registered.some((uri) => {
    const url = parseUrl(uri);
    return (
      url !== undefined && url.protocol === "http:" && portless(url) === portless(wanted) && !wanted.hash
    );
  });
}

/** A redirect URI's host, and whether the client's identity vouches for it. */
export function redirectHost(
  client: OAuthClientRow,
  redirectUri: string,
): { host: string; verified: boolean } {
  const url = new URL(redirectUri);
  if (client.kind === "metadata_document") {
    // The document was served from client_id's host: a redirect there is that site's own.
    return { host: url.host, verified: url.hostname === new URL(client.clientId).hostname };
  }
  return { host: url.host, verified: false };
}

function optionalText(body: Record<string, unknown>, field: string, max: number): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || value.length > max) {
    throw new OAuthError(
      "invalid_client_metadata",
      `${field} must be a string of at most ${max} characters.`,
    );
  }
  return value.trim() || undefined;
}

function optionalHttpsUri(body: Record<string, unknown>, field: string): string | undefined {
  const value = optionalText(body, field, MAX_URI);
  if (value === undefined) return undefined;
  const url = parseUrl(value);
  if (!url || url.protocol !== "https:") {
    throw new OAuthError("invalid_client_metadata", `${field} must be an https URL.`);
  }
  return url.href;
}

/** The client metadata both ways of identifying a client share, checked. */
function clientMetadata(body: unknown) {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new OAuthError("invalid_client_metadata", "The client metadata must be a JSON object.");
  }
  const record = body as Record<string, unknown>;
  const uris = record.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    throw new OAuthError(
      "invalid_redirect_uri",
      `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} redirect URIs.`,
    );
  }
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError("invalid_redirect_uri", `Redirect URI refused: ${problem}.`);
  }
  const method = record.token_endpoint_auth_method;
  if (method !== undefined && method !== "none") {
    throw new OAuthError(
      "invalid_client_metadata",
      'Only public clients are supported: token_endpoint_auth_method must be "none" (PKCE protects the code).',
    );
  }
  const grantTypes = record.grant_types ?? ["authorization_code", "refresh_token"];
  if (
    !Array.isArray(grantTypes) ||
    grantTypes.some((type) => type !== "authorization_code" && type !== "refresh_token")
  ) {
    throw new OAuthError(
      "invalid_client_metadata",
      "grant_types may be authorization_code and refresh_token.",
    );
  }
  const responseTypes = record.response_types ?? ["code"];
  if (!Array.isArray(responseTypes) || responseTypes.some((type) => type !== "code")) {
    throw new OAuthError("invalid_client_metadata", 'response_types may only be "code".');
  }
  return {
    redirectUris: uris as string[],
    name: optionalText(record, "client_name", MAX_NAME),
    clientUri: optionalHttpsUri(record, "client_uri"),
    logoUri: optionalHttpsUri(record, "logo_uri"),
    grantTypes: grantTypes as string[],
  };
}

/** POST /oauth/register (RFC 7591): open registration of a public client. */
export async function registerClient({ db, body, now = new Date() }: { db: Db; body: unknown; now?: Date }) {
  const metadata = clientMetadata(body);
  // Registrations nobody used are dropped here: registering is what makes them pile up.
  await db.oAuthClient.deleteMany({ where: { kind: "registered", expiresAt: { lt: now } } });
  const client = await db.oAuthClient.create({
    data: {
      clientId: generateSecret("bcl"),
      kind: "registered",
      name: metadata.name ?? "Unnamed app",
      clientUri: metadata.clientUri ?? null,
      logoUri: metadata.logoUri ?? null,
      redirectUris: metadata.redirectUris,
      expiresAt: new Date(now.getTime() + REGISTRATION_TTL_MS),
    },
  });
  return {
    client_id: client.clientId,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    client_name: client.name,
    ...(client.clientUri ? { client_uri: client.clientUri } : {}),
    ...(client.logoUri ? { logo_uri: client.logoUri } : {}),
    redirect_uris: client.redirectUris,
    grant_types: metadata.grantTypes,
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
}

/** Whether a client_id is a metadata document's URL (https with a path, per the CIMD draft). */
export function isMetadataDocumentId(clientId: string, { allowHttp = false } = {}): boolean {
  const url = parseUrl(clientId);
  const scheme = url?.protocol === "https:" || (allowHttp && url?.protocol === "http:");
  return url !== undefined && scheme && url.pathname !== "/" && !url.hash;
}

export interface ClientResolverOptions {
  /** Options of the guarded fetch of metadata documents (tests allow loopback, add a CA). */
  fetch?: GuardedFetchOptions;
}

/** Fetches and checks a metadata document, then caches it as a client row. */
async function fetchMetadataDocument(db: Db, clientId: string, options: ClientResolverOptions) {
  let fetched;
  try {
    fetched = await guardedFetch(clientId, { maxBytes: 5 * 1024, timeoutMs: 5000, ...options.fetch });
  } catch (error) {
    if (error instanceof OutboundFetchError) {
      throw new OAuthError(
        "invalid_client",
        `The client's metadata document was not fetched: ${error.message}.`,
      );
    }
    throw error;
  }
  if (fetched.status !== 200) {
    throw new OAuthError("invalid_client", `The client's metadata document answered ${fetched.status}.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(fetched.body);
  } catch {
    throw new OAuthError("invalid_client", "The client's metadata document is not JSON.");
  }
  if ((body as { client_id?: unknown } | null)?.client_id !== clientId) {
    throw new OAuthError("invalid_client", "The client's metadata document names another client_id.");
  }
  let metadata;
  try {
    metadata = clientMetadata(body);
  } catch (error) {
    if (error instanceof OAuthError)
      throw new OAuthError("invalid_client", `Metadata document: ${error.description}`);
    throw error;
  }
  const data = {
    kind: "metadata_document",
    name: metadata.name ?? new URL(clientId).host,
    clientUri: metadata.clientUri ?? null,
    logoUri: metadata.logoUri ?? null,
    redirectUris: metadata.redirectUris,
    expiresAt: new Date(Date.now() + fetched.cacheSeconds * 1000),
  };
  return db.oAuthClient.upsert({ where: { clientId }, create: { clientId, ...data }, update: data });
}

/** The client a client_id names; invalid_client when there is none (or its document fails). */
export async function resolveClient(
  db: Db,
  clientId: unknown,
  options: ClientResolverOptions,
): Promise<OAuthClientRow> {
  if (typeof clientId !== "string" || clientId === "" || clientId.length > MAX_URI) {
    throw new OAuthError("invalid_request", "client_id is required.");
  }
  const row = await db.oAuthClient.findUnique({ where: { clientId } });
  const fresh = row && (!row.expiresAt || row.expiresAt > new Date());
  if (fresh) return row;
  const allowHttp = options.fetch?.protocols?.includes("http:") ?? false;
  if (isMetadataDocumentId(clientId, { allowHttp })) return fetchMetadataDocument(db, clientId, options);
  throw new OAuthError(
    "invalid_client",
    row ? "This client's registration expired unused: register again." : "Unknown client_id.",
  );
}
