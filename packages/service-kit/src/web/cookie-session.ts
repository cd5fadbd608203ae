// The cookie-session mechanism of a server-rendered web app, whatever stores its sessions: the
// cookie's attributes, reading it, the session's CSRF token and its check, idle and absolute expiry.
import { timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import { ForbiddenError } from "../errors.ts";
import { hashSecret } from "../secrets.ts";

/** `localhost` (and `*.localhost`), `127.0.0.1`, `[::1]`: plain HTTP, where `Secure` cookies are not sent. */
export function isLocalhostUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return (
    hostname === "localhost" ||
    hostname === "127.0.0.1" ||
    hostname === "[::1]" ||
    hostname.endsWith(".localhost")
  );
}

export interface SessionCookieOptions {
  name: string;
  /** The app's public URL: decides `Secure` (everywhere but localhost). */
  publicUrl: string;
  /** `lax` lets a link from elsewhere open the app signed in; `strict` does not. */
  sameSite: "lax" | "strict";
  path?: string;
}

/** An `HttpOnly` cookie holding a session secret: set, read and cleared with the same attributes. */
export class SessionCookie {
  constructor(private readonly options: SessionCookieOptions) {}

  get name(): string {
    return this.options.name;
  }

  private attributes() {
    const { publicUrl, sameSite, path = "/" } = this.options;
    return { httpOnly: true, sameSite, secure: !isLocalhostUrl(publicUrl), path };
  }

  set(res: Response, value: string, expires: Date): void {
    res.cookie(this.options.name, value, { ...this.attributes(), expires });
  }

  clear(res: Response): void {
    res.clearCookie(this.options.name, this.attributes());
  }

  /** The cookie's value from an Express request (cookie-parser) or a raw `Cookie` header. */
  read(source: Request | string | undefined): string | undefined {
    const value =
      typeof source === "string" || source === undefined
        ? parseCookieHeader(source)[this.options.name]
        : (source.cookies as Record<string, unknown> | undefined)?.[this.options.name];
    return typeof value === "string" && value ? value : undefined;
  }
}

/** `a=1; b=2` → `{a: "1", b: "2"}` (values percent-decoded as Express writes them). */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";").map((text) => text.trim())) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    const key = part.slice(0, at).trim();
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      cookies[key] ??= decodeURIComponent(value);
    } catch {
      // A malformed value names no session.
    }
  }
  return cookies;
}

/**
 * The session's CSRF token, derived from the cookie's secret: one per session, nothing more to
 * store, and worthless without the HttpOnly cookie it comes from.
 */
export const csrfTokenOf = (sessionSecret: string): string => hashSecret(`csrf:${sessionSecret}`);

export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a request changes state (needs the CSRF token when a cookie authenticates it). */
export const isStateChanging = (req: Request): boolean => !SAFE_METHODS.has(req.method);

/** A state-changing request authenticated by the cookie must carry its CSRF token (403 otherwise). */
export function assertCsrf(req: Request, sessionSecret: string, hint?: string): void {
  if (isStateChanging(req)) assertCsrfToken(req, csrfTokenOf(sessionSecret), hint);
}

/**
 * The request's `X-CSRF-Token` must be `expected` (403 otherwise), whatever its method; `hint`
 * tells the client how to get one.
 */
export function assertCsrfToken(req: Request, expected: string, hint = "send the X-CSRF-Token header"): void {
  const wanted = Buffer.from(expected);
  const sent = Buffer.from(req.get(CSRF_HEADER) ?? "");
  if (sent.length !== wanted.length || !timingSafeEqual(sent, wanted)) {
    throw new ForbiddenError(`Missing or invalid CSRF token: ${hint}.`);
  }
}

export interface SessionTimes {
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export interface SessionLifetime {
  /** Ends after this long without a request … */
  idleMs: number;
  /** … and this long after sign-in, whatever happens (the row's expiresAt). */
  absoluteMs: number;
  /** lastSeenAt is written at most this often, not on every request. */
  touchEveryMs?: number;
}

/** Live: not revoked, before its absolute end and within the idle window. */
export function sessionIsLive(session: SessionTimes, lifetime: SessionLifetime, now: number): boolean {
  if (session.revokedAt || session.expiresAt.getTime() <= now) return false;
  return session.lastSeenAt.getTime() + lifetime.idleMs > now;
}

/** Whether lastSeenAt is old enough to be written again. */
export const sessionNeedsTouch = (session: SessionTimes, lifetime: SessionLifetime, now: number): boolean =>
  now - session.lastSeenAt.getTime() >= (lifetime.touchEveryMs ?? 60_000);
