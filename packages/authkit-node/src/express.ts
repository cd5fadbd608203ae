// An Express (4 or 5) middleware: the request's session token verified, its claims on `req.authkit`,
// or a 401 saying why not. Typed structurally, so the package needs no Express at run time.
import type { IncomingMessage, ServerResponse } from "node:http";
import { SessionTokenError } from "./errors.ts";
import { createSessionVerifier, type SessionClaims, type VerifySessionOptions } from "./verify.ts";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The verified claims of the request's session token (set by requireSession()). */
      authkit?: SessionClaims;
    }
  }
}

/** A request after requireSession(): `req.authkit` is there. */
export interface SessionRequest extends IncomingMessage {
  authkit: SessionClaims;
}

export interface RequireSessionOptions extends VerifySessionOptions {
  /**
   * Where the token is: by default `Authorization: Bearer <token>`. Return undefined when there is
   * none (e.g. read your own cookie).
   */
  getToken?: (req: IncomingMessage) => string | undefined;
}

type Next = (error?: unknown) => void;

/** `Authorization: Bearer <token>`. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Verifies the request's session token (see verifySession) and puts its claims on `req.authkit`;
 * otherwise answers 401 `{"error_code","error"}` with `WWW-Authenticate: Bearer` (503 when the
 * tenant's keys cannot be fetched).
 */
export function requireSession(options: RequireSessionOptions) {
  const verify = createSessionVerifier(options);
  const getToken = options.getToken ?? bearerToken;
  return async (req: IncomingMessage & { authkit?: SessionClaims }, res: ServerResponse, next: Next) => {
    try {
      const token = getToken(req);
      if (!token) {
        throw new SessionTokenError("missing_token", "Sign in first: this request carries no session token.");
      }
      req.authkit = await verify(token);
    } catch (error) {
      if (!(error instanceof SessionTokenError)) return next(error);
      refuse(res, error);
      return;
    }
    next();
  };
}

function refuse(res: ServerResponse, error: SessionTokenError): void {
  if (error.status === 401) {
    const description = error.message.replace(/["\\]/g, "'");
    const kind =
      error.code === "missing_token" ? "" : ` error="invalid_token", error_description="${description}"`;
    res.setHeader("WWW-Authenticate", `Bearer${kind}`);
  }
  res.statusCode = error.status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(JSON.stringify({ error_code: error.code, error: error.message }));
}
