// The web app's HTTP plumbing: its cookies, its session settings, and the same-origin rule of the
// requests it makes before anyone is signed in.
import { ForbiddenError, SessionCookie, type SessionLifetime } from "@org/service-kit";
import type { Request } from "express";
import type { BoardEnv } from "../env.ts";
import type { WebSessionConfig } from "./auth.ts";
import { SIGNUP_TTL_MS } from "../services/web-signup.ts";

export interface WebConfig extends WebSessionConfig {
  /** Binds a sign-up in progress to the browser that started it. */
  signupCookie: SessionCookie;
  signupTtlMs: number;
  /** This app's origin (PUBLIC_URL). */
  origin: string;
}

export function webConfig(env: BoardEnv): WebConfig {
  const lifetime: SessionLifetime = {
    idleMs: env.WEB_SESSION_IDLE_SECONDS * 1000,
    absoluteMs: env.WEB_SESSION_MAX_SECONDS * 1000,
  };
  const publicUrl = env.PUBLIC_URL;
  return {
    cookie: new SessionCookie({ name: "board_session", publicUrl, sameSite: "lax" }),
    lifetime,
    signupCookie: new SessionCookie({
      name: "board_signup",
      publicUrl,
      sameSite: "strict",
      path: "/app/auth/signup",
    }),
    signupTtlMs: SIGNUP_TTL_MS,
    origin: new URL(publicUrl).origin,
  };
}

/**
 * A request sent by a page (with `Origin`) must come from this app's own pages: no other site
 * can sign a browser up or in (login CSRF). Requests without `Origin` are not a page's.
 */
export function assertSameOrigin(req: Request, origin: string): void {
  const sent = req.get("origin");
  if (sent !== undefined && sent !== origin) {
    throw new ForbiddenError(`Requests from ${sent} are not accepted: open the web app at ${origin}/app.`);
  }
}
