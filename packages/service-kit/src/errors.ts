import type { ErrorCode, ErrorDetail } from "@org/contracts";

/**
 * The one error type services throw. The HTTP layer maps `code` to a status and an envelope
 * (see http/error-handler.ts); services never think about HTTP.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = "Missing or invalid credentials.") {
    super("unauthenticated", message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = "Your role does not allow this operation.") {
    super("forbidden", message);
  }
}

/** An account security change made with a web session that has not proved a passkey lately. */
export class StepUpRequiredError extends AppError {
  constructor(
    message = "Confirm with your passkey first: this change needs a passkey used in the last 5 minutes.",
  ) {
    super("step_up_required", message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = "Not found.") {
    super("not_found", message);
  }
}

/** A known path called with another method than it takes: 405 with `Allow: <methods>`. */
export class MethodNotAllowedError extends AppError {
  constructor(
    readonly allow: readonly string[],
    message = `This path takes ${allow.join(", ")}.`,
  ) {
    super("method_not_allowed", message);
  }
}

export class ConflictError extends AppError {
  /** `details`: the field in conflict and what holds it (`name`: "Taken by label_id …"). */
  constructor(message: string, details?: ErrorDetail[]) {
    super("conflict", message, details);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: ErrorDetail[]) {
    super("validation_failed", message, details);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = "Request body is too large.") {
    super("payload_too_large", message);
  }
}

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = "Too many requests.",
  ) {
    super("rate_limited", message);
  }
}

/**
 * 503: something the service depends on (its database, Redis, the auth server) cannot be reached
 * right now. Nothing was wrong with the request; it may be sent again after Retry-After seconds.
 */
export class ServiceUnavailableError extends AppError {
  constructor(
    message: string,
    details?: ErrorDetail[],
    readonly retryAfterSeconds = 5,
  ) {
    super("service_unavailable", message, details);
  }
}
