import type { ErrorRequestHandler, RequestHandler } from "express";
import { ZodError } from "zod";
import {
  AppError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ServiceUnavailableError,
  ValidationError,
} from "../errors.ts";
import { clientDatabaseError } from "./database-errors.ts";
import type { ErrorDialect } from "./error-dialects.ts";
import { unavailableError, unreachableDependency } from "./unavailable-errors.ts";

/** Unknown route: `not_found` in the service's envelope. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new NotFoundError(`No route for ${req.method} ${req.path}.`));
};

/** An error names at most this many unknown keys (a body may carry a thousand). */
export const MAX_LISTED_UNKNOWN_KEYS = 10;

/** "Unrecognized keys: "a", "b"", naming the first MAX_LISTED_UNKNOWN_KEYS and counting the rest. */
export function unknownKeysMessage(keys: readonly string[]): string {
  const listed = keys
    .slice(0, MAX_LISTED_UNKNOWN_KEYS)
    .map((key) => JSON.stringify(key.length > 100 ? `${key.slice(0, 100)}…` : key));
  const more = keys.length - listed.length;
  return `Unrecognized key${keys.length === 1 ? "" : "s"}: ${listed.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
}

/** Turns a ZodError into `validation_failed` with one detail per invalid field. */
export function validationErrorFrom(error: ZodError): ValidationError {
  return new ValidationError(
    "Request is invalid.",
    error.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.code === "unrecognized_keys" ? unknownKeysMessage(issue.keys) : issue.message,
    })),
  );
}

/**
 * Errors thrown below the services (router, body parser, database) translated into AppErrors;
 * undefined for the unexpected. Also used where errors leave other than by HTTP (MCP tools, the CLI).
 */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationErrorFrom(error);
  // The router could not percent-decode a path parameter.
  if (error instanceof URIError) return new ValidationError("Malformed percent-encoding in the URL.");
  const { type, status, expose } = (error ?? {}) as { type?: string; status?: number; expose?: boolean };
  if (type === "entity.parse.failed") return new ValidationError("Malformed JSON in request body.");
  if (type === "entity.too.large") return new PayloadTooLargeError();
  if (type === "encoding.unsupported" || type === "charset.unsupported") {
    return new ValidationError(
      "Unsupported request body encoding: send the body uncompressed (no Content-Encoding) in UTF-8.",
    );
  }
  // Any other client error of the HTTP layer (http-errors marks those safe to show with `expose`).
  if (expose && typeof status === "number" && status >= 400 && status < 500) {
    return status === 413 ? new PayloadTooLargeError() : new ValidationError((error as Error).message);
  }
  return clientDatabaseError(error) ?? unavailableError(error);
}

/** While a dependency is down every request fails alike: its error is logged once a minute. */
const OUTAGE_LOG_INTERVAL_MS = 60_000;

/** The one error middleware: every failure leaves in the service's envelope. */
export function errorHandler(dialect: ErrorDialect): ErrorRequestHandler {
  const lastLogged = new Map<string, number>();
  return (error, req, res, _next) => {
    const appError = toAppError(error);
    if (!appError) {
      // Unexpected: log everything, tell the client nothing about internals.
      req.log?.error({ err: error }, "unhandled error");
      res.locals.errorCode = dialect.internalCode;
      res.status(500).json(dialect.body(new AppError(dialect.internalCode, "Internal server error.")));
      return;
    }
    const dependency = appError === error ? undefined : unreachableDependency(error);
    if (dependency && Date.now() - (lastLogged.get(dependency) ?? 0) >= OUTAGE_LOG_INTERVAL_MS) {
      lastLogged.set(dependency, Date.now());
      req.log?.warn({ err: error, dependency }, `${dependency} unreachable: answering 503`);
    }
    if (appError instanceof RateLimitedError || appError instanceof ServiceUnavailableError)
      res.setHeader("Retry-After", String(appError.retryAfterSeconds));
    if (appError instanceof MethodNotAllowedError) res.setHeader("Allow", appError.allow.join(", "));
    // For what counts outcomes by error (see countOutcomes in metrics.ts).
    res.locals.errorCode = dialect.codeOf(appError.code);
    res.status(dialect.statusOf(appError.code)).json(dialect.body(appError));
  };
}
