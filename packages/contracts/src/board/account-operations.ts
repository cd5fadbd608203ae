// The person's own /api/v1 endpoints that no app may reach: Account → Connected apps (their OAuth
// grants). A registry of their own, beside boardOperations rather than in it, because everything in
// boardOperations is published (OpenAPI, /llms.txt) and an MCP tool, while these must never be an
// OAuth token's: an app may not see or end other apps' access, nor its person's control over its
// own. Nor in boardWebOperations: they live under /api/v1 (not /app), and a person's API token may
// call them too, not only the web session. Mounted and called like the others (mountOperations;
// the web app's typed client), unpublished like boardWebOperations.
import type { OperationContract } from "../operation.ts";
import { z } from "../zod.ts";
import { ConnectedAppSchema, GrantIdParams } from "./oauth.ts";

/**
 * Who may call them: "person", the person themselves with /api/v1's own credentials (the web app's
 * session or one of their API tokens), never an OAuth access token (403).
 */
export type BoardAccountSecurity = "person";

export type BoardAccountOperation = OperationContract<BoardAccountSecurity>;

const person = ["person"] as const;

/** Paths are relative to /api/v1 (BOARD_API_PREFIX), as boardOperations' are. */
export const boardAccountOperations = {
  /** The person's live grants, newest first. */
  list_connected_apps: {
    method: "get",
    path: "/me/grants",
    security: person,
    response: z.object({ data: z.array(ConnectedAppSchema) }),
  },
  /** Revokes one: its tokens stop working at once; another person's grant, or one revoked already, is not_found. */
  revoke_connected_app: {
    method: "delete",
    path: "/me/grants/{grant_id}",
    security: person,
    params: GrantIdParams,
  },
} as const satisfies Record<string, BoardAccountOperation>;

export type BoardAccountOperations = typeof boardAccountOperations;
