import { SessionCookie } from "@org/service-kit";
import type { Request, Response } from "express";
import type { AuthContext } from "../context.ts";

/** The end user's login session: HttpOnly, SameSite=Lax, Secure unless the server runs on localhost. */
const loginSessionCookie = (ctx: AuthContext) =>
  new SessionCookie({ name: ctx.env.SESSION_COOKIE_NAME, publicUrl: ctx.env.PUBLIC_URL, sameSite: "lax" });

export function setSessionCookie(
  ctx: AuthContext,
  res: Response,
  session: { token: string; expiresAt: Date },
) {
  loginSessionCookie(ctx).set(res, session.token, session.expiresAt);
}

export function clearSessionCookie(ctx: AuthContext, res: Response) {
  loginSessionCookie(ctx).clear(res);
}

export function sessionCookie(ctx: AuthContext, req: Request): string | undefined {
  return loginSessionCookie(ctx).read(req);
}

/** Token responses must never be cached. */
export function noStore(res: Response): void {
  res.setHeader("Cache-Control", "no-store");
}
