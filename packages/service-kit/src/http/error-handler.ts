import type { ErrorRequestHandler, RequestHandler } from "express";
import { ZodError } from "zod";
import {
  AppError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ValidationError,
} from "../errors.ts";
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

/** Errors thrown below the services (body parser, Prisma) translated into AppErrors. */
function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationErrorFrom(error);
  const { type, code } = (error ?? {}) as { type?: string; code?: string };
  if (type === "entity.parse.failed") return new ValidationError("Malformed JSON in request body.");
  if (type === "entity.too.large") return new PayloadTooLargeError();
  if (type === "encoding.unsupported" || type === "charset.unsupported") {
    return new ValidationError("Unsupported request body encoding.");
  }
  // Prisma: a unique constraint (P2002) is a conflict; a missing record (P2025) is not found.
  if (code === "P2002") return new AppError("conflict", "A record with these values already exists.");
  if (code === "P2025") return new NotFoundError();
  return undefined;
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
