import { authErrorStatus, boardErrorStatus, type ErrorCode } from "@org/contracts";
import type { AppError } from "../errors.ts";

/** How one service writes errors: its status per code and its envelope. */
export interface ErrorDialect {
  internalCode: ErrorCode;
  /** The code as this service names it in its envelope. */
  codeOf(code: ErrorCode): ErrorCode;
  statusOf(code: ErrorCode): number;
  body(error: AppError): unknown;
}

function statusFrom(table: Record<string, number>) {
  return (code: ErrorCode) => table[code] ?? 500;
}

/** Board API: `{"error":{"code","message","details"?}}`. */
export const boardErrors: ErrorDialect = {
  internalCode: "internal",
  codeOf: (code) => code,
  statusOf: statusFrom(boardErrorStatus),
  body: (error) => ({
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  }),
};

// The auth server's contract names invalid input `bad_request`; services throw the one
// ValidationError of the hierarchy whichever service they belong to.
const authCodeOf = (code: ErrorCode): ErrorCode => (code === "validation_failed" ? "bad_request" : code);
const authStatusOf = statusFrom(authErrorStatus);

/** Auth server: the failure arm of AuthResponse, `{"success":false,"error_code","error"}`. */
export const authErrors: ErrorDialect = {
  internalCode: "server_error",
  codeOf: authCodeOf,
  statusOf: (code) => authStatusOf(authCodeOf(code)),
  body: (error) => ({
    success: false,
    error_code: authCodeOf(error.code),
    error: error.message,
    ...(error.details ? { details: error.details } : {}),
  }),
};
