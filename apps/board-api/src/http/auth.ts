import type { Db } from "@org/db";
import { hashSecret, UnauthenticatedError } from "@org/service-kit";
import type { Request, RequestHandler } from "express";
import type { Actor } from "../services/context.ts";
import { authenticate } from "../services/users.ts";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The token's user, set by `bearerAuth`. */
      actor?: Actor;
      /** SHA-256 of the request's token: the rate limit key (the token itself is never kept). */
      tokenHash?: string;
    }
  }
}

/** `Authorization: Bearer <API token>` on every API route; anything else is unauthenticated. */
export function bearerAuth(db: Db): RequestHandler {
  return async (req, _res, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
    if (!match?.[1]) throw new UnauthenticatedError("Send Authorization: Bearer <API token>.");
    req.actor = await authenticate({ db, token: match[1] });
    req.tokenHash = hashSecret(match[1]);
    next();
  };
}

export function actorOf(req: Request): Actor {
  if (!req.actor) throw new UnauthenticatedError();
  return req.actor;
}
