// OAuth's own error answers ({error, error_description}, RFC 6749 section 5.2), not the board's
// envelope: hosts' OAuth libraries read these.
import type { NextFunction, Request, RequestHandler, Response } from "express";

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "invalid_scope"
  | "invalid_target"
  | "invalid_redirect_uri"
  | "invalid_client_metadata"
  | "access_denied"
  | "temporarily_unavailable";

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
    this.name = "OAuthError";
  }
}

export function sendOAuthError(res: Response, error: OAuthError): void {
  res
    .status(error.status)
    .set("Cache-Control", "no-store")
    .json({ error: error.error, error_description: error.description });
}

/** A handler whose OAuthErrors are answered as OAuth errors (anything else: the usual middleware). */
export function oauthHandler(handler: (req: Request, res: Response) => Promise<void> | void): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      await handler(req, res);
    } catch (error) {
      if (error instanceof OAuthError) sendOAuthError(res, error);
      else next(error);
    }
  };
}
