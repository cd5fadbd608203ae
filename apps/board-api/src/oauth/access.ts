// What an OAuth access token grants: carried by the request's actor (services/context.ts), so
// it lives apart from the grants that issue it (which work on the services in turn).
import type { OAuthScope } from "./metadata.ts";

/** What an OAuth access token grants, carried by the request's actor. */
export interface OAuthAccess {
  grantId: string;
  scopes: OAuthScope[];
  /** The projects the grant is limited to; null: every project of the user. */
  projectIds: string[] | null;
  /** The resource the token is bound to (RFC 8707). */
  resource: string;
}

/** `board:write` implies `board:read`. */
export function canWrite(access: OAuthAccess): boolean {
  return access.scopes.includes("board:write");
}
