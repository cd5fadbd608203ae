import { ConflictError, NotFoundError, ValidationError, type AppError } from "../errors.ts";

// Database errors caused by what the client sent become 4xx; everything else (connection lost,
// missing table, a bug in our SQL) stays a 500. The messages are our own: PostgreSQL's name
// tables, columns and constraints, which clients have no business seeing.

const INVALID_VALUE =
  "A value in the request cannot be stored (invalid text, or a number or date out of range).";
const CONFLICT = "The request conflicts with the current state of the data.";
const CONCURRENT = "The data changed concurrently; retry the request.";

/** Prisma known-request error codes that the client caused (https://www.prisma.io/docs/orm/reference/error-reference). */
const prismaCodes: Record<string, () => AppError> = {
  P2000: () => new ValidationError("A value in the request is too long."),
  P2002: () => new ConflictError("A record with these values already exists."),
  P2003: () => new ConflictError(CONFLICT),
  P2004: () => new ValidationError(INVALID_VALUE),
  P2005: () => new ValidationError(INVALID_VALUE),
  P2006: () => new ValidationError(INVALID_VALUE),
  P2007: () => new ValidationError(INVALID_VALUE),
  P2011: () => new ValidationError("A required value is missing."),
  P2012: () => new ValidationError("A required value is missing."),
  P2014: () => new ConflictError(CONFLICT),
  P2019: () => new ValidationError(INVALID_VALUE),
  P2020: () => new ValidationError(INVALID_VALUE),
  P2023: () => new ValidationError(INVALID_VALUE),
  P2025: () => new NotFoundError(),
  P2033: () => new ValidationError(INVALID_VALUE),
  P2034: () => new ConflictError(CONCURRENT),
};

/** PostgreSQL SQLSTATE codes (https://www.postgresql.org/docs/current/errcodes-appendix.html), by exact code or class. */
function fromSqlState(state: string): AppError | undefined {
  switch (state) {
    case "23505": // unique_violation
      return new ConflictError("A record with these values already exists.");
    case "23502": // not_null_violation
      return new ValidationError("A required value is missing.");
    case "23514": // check_violation
      return new ValidationError(INVALID_VALUE);
    case "40001": // serialization_failure
    case "40P01": // deadlock_detected
      return new ConflictError(CONCURRENT);
    case "57014": // query_canceled: a statement timeout set for a request (a text search) ran out
      return new ValidationError(
        "The query took too long and was stopped: narrow it (a longer search text, or more filters).",
      );
  }
  switch (state.slice(0, 2)) {
    case "22": // data exception: bad encoding, out of range, value too long, invalid datetime…
      return new ValidationError(INVALID_VALUE);
    case "23": // other integrity violations: foreign key, restrict, exclusion
      return new ConflictError(CONFLICT);
    case "54": // program limit exceeded: a value too large to index, a statement too complex
      return new ValidationError("A value in the request is too large.");
  }
  return undefined;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The SQLSTATE carried by a driver error, however it reached us. */
function sqlStateOf(error: object): string | undefined {
  const { name, cause, meta, severity, code } = error as {
    name?: unknown;
    cause?: { originalCode?: unknown };
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } };
    severity?: unknown;
    code?: unknown;
  };
  const candidates = [
    // Prisma model queries through the pg driver adapter.
    name === "DriverAdapterError" ? cause?.originalCode : undefined,
    // Prisma known-request errors (raw queries: P2010) wrapping the adapter's error.
    meta?.driverAdapterError?.cause?.originalCode,
    // node-postgres directly (queryPrepared).
    typeof severity === "string" ? code : undefined,
  ];
  return candidates.find((value): value is string => typeof value === "string" && SQLSTATE.test(value));
}

/** The AppError for a database error the client caused, or undefined. */
export function clientDatabaseError(error: unknown): AppError | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code } = error as { code?: unknown };
  if (typeof code === "string" && /^P\d{4}$/.test(code) && prismaCodes[code]) return prismaCodes[code]();
  const state = sqlStateOf(error);
  return state ? fromSqlState(state) : undefined;
}
