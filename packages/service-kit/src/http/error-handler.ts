import type { ErrorRequestHandler, RequestHandler } from "express";
import { ZodError } from "zod";
import {
  AppError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ValidationError,
} from "../errors.ts";
import { clientDatabaseError } from "./database-errors.ts";
import type { ErrorDialect } from "./error-dialects.ts";

/** Unknown route: `not_found` in the service's envelope. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new NotFoundError(`No route for ${req.method} ${req.path}.`));
};

/** Turns a ZodError into `validation_failed` with one detail per invalid field. */
export function validationErrorFrom(error: ZodError): ValidationError {
  return new ValidationError(
    "Request is invalid.",
    error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
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
    return new ValidationError("Unsupported request body encoding.");
  }
  // Any other client error of the HTTP layer (http-errors marks those safe to show with `expose`).
  if (expose && typeof status === "number" && status >= 400 && status < 500) {
    return status === 413 ? new PayloadTooLargeError() : new ValidationError((error as Error).message);
  }
  return clientDatabaseError(error);
}

/** The one error middleware: every failure leaves in the service's envelope. */
export function errorHandler(dialect: ErrorDialect): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const appError = toAppError(error);
    if (!appError) {
      // Unexpected: log everything, tell the client nothing about internals.
      req.log?.error({ err: error }, "unhandled error");
      res.status(500).json(dialect.body(new AppError(dialect.internalCode, "Internal server error.")));
      return;
    }
    if (appError instanceof RateLimitedError)
      res.setHeader("Retry-After", String(appError.retryAfterSeconds));
    res.status(dialect.statusOf(appError.code)).json(dialect.body(appError));
  };
}
