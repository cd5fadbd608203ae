import { isLocalhostUrl } from "@org/service-kit";
import type { Response } from "express";
import type { AuthContext } from "../context.ts";

/** HttpOnly, SameSite=Lax, Secure unless the server runs on localhost. */
function cookieOptions(ctx: AuthContext) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: !isLocalhostUrl(ctx.env.PUBLIC_URL),
    path: "/",
  };
}

export function setSessionCookie(
  ctx: AuthContext,
  res: Response,
  session: { token: string; expiresAt: Date },
) {
  res.cookie(ctx.env.SESSION_COOKIE_NAME, session.token, {
    ...cookieOptions(ctx),
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(ctx: AuthContext, res: Response) {
  res.clearCookie(ctx.env.SESSION_COOKIE_NAME, cookieOptions(ctx));
}

/** Token responses must never be cached. */
export function noStore(res: Response): void {
  res.setHeader("Cache-Control", "no-store");
}
