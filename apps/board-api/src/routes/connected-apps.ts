// Account → Connected apps on /api/v1 (@org/contracts' boardAccountOperations, unpublished): the
// person's OAuth grants, listed and revoked with /api/v1's own guard (the web session or an API
// token) and never with an OAuth access token.
import { BOARD_API_PREFIX, boardAccountOperations, type BoardAccountSecurity } from "@org/contracts";
import type { Db } from "@org/db";
import { defineImplementations, ForbiddenError, mountOperations } from "@org/service-kit";
import type { RequestHandler, Router } from "express";
import { actorOf } from "../http/auth.ts";
import { listGrants, revokeConnectedApp } from "../oauth/grants.ts";

export function connectedAppsRouter({
  db,
  guard,
}: {
  db: Db;
  /** /api/v1's guard: authentication, the rate limit, the body parser. */
  guard: RequestHandler[];
}): Router {
  // An app cannot see or end other apps' access, nor its own person's control over it.
  const noOAuth: RequestHandler = (req, _res, next) => {
    if (actorOf(req).oauth) throw new ForbiddenError("OAuth access tokens cannot manage connected apps.");
    next();
  };
  const guards: Record<BoardAccountSecurity, RequestHandler[]> = { person: [...guard, noOAuth] };
  return mountOperations({
    operations: boardAccountOperations,
    implementations: defineImplementations(boardAccountOperations)({
      list_connected_apps: (_input, { req }) => listGrants(db, actorOf(req).id),
      revoke_connected_app: ({ params }, { req }) => revokeConnectedApp(db, params.grant_id, actorOf(req).id),
    }),
    prefix: BOARD_API_PREFIX,
    guard: (op) => op.security.flatMap((security) => guards[security]),
  });
}
