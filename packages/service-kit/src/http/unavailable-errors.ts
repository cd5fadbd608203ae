import { ServiceUnavailableError } from "../errors.ts";

// Errors that say a dependency cannot be reached (PostgreSQL down, Redis down, a network
// partition) become 503 `service_unavailable` with Retry-After: nothing was wrong with the
// request, and the same request will work once the dependency is back. Everything the client
// caused is handled by database-errors.ts; anything else stays a 500.

/** Node's network errors while connecting to or talking with a server. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/** Prisma: can't reach / timed out reaching / server closed / pool timeout / no such database / bad credentials. */
const PRISMA_CODES = new Set(["P1000", "P1001", "P1002", "P1003", "P1008", "P1017", "P2024"]);

/** @prisma/adapter-pg's classification of a pg error (DriverAdapterError `cause.kind`). */
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "DatabaseDoesNotExist",
  "DatabaseAccessDenied",
  "AuthenticationFailed",
  "ConnectionClosed",
  "SocketTimeout",
  "TlsConnectionError",
  "TooManyConnections",
]);

/** PostgreSQL SQLSTATEs: connection exceptions, shutting down, too many connections. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** node-postgres' own messages for a connection that never came or went away. */
const PG_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** ioredis: a command given up after its retries or its timeout, or sent on a connection that is gone. */
const REDIS_NAMES = new Set(["MaxRetriesPerRequestError"]);
const REDIS_MESSAGES =
  /^(Connection is closed\.|Stream isn't writeable|Reached the max retries per request limit|Command timed out)/;

interface Shape {
  name?: unknown;
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: unknown } };
}

type Dependency = "database" | "redis";

/** Which dependency `error` says is unreachable, looking through wrapped causes; undefined if none. */
export function unreachableDependency(error: unknown): Dependency | undefined {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth += 1) {
    const { name, code, kind, originalCode, message, meta } = current as Shape;
    const text = typeof message === "string" ? message : "";
    if (typeof name === "string" && REDIS_NAMES.has(name)) return "redis";
    if (REDIS_MESSAGES.test(text)) return "redis";
    if (typeof code === "string") {
      if (PRISMA_CODES.has(code) || NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))
        return "database";
    }
    if (typeof kind === "string" && ADAPTER_KINDS.has(kind)) return "database";
    if (typeof originalCode === "string" && UNAVAILABLE_SQLSTATE.test(originalCode)) return "database";
    if (PG_MESSAGES.test(text)) return "database";
    // Prisma's known request errors carry the adapter's error in meta rather than as a cause.
    current = meta?.driverAdapterError?.cause ?? (current as Shape).cause;
  }
  return undefined;
}

const MESSAGES: Record<Dependency, string> = {
  database: "The service cannot reach its database right now; try again in a few seconds.",
  redis: "The service cannot reach its shared store (Redis) right now; try again in a few seconds.",
};

/** The 503 for an error that says a dependency is unreachable, or undefined. */
export function unavailableError(error: unknown): ServiceUnavailableError | undefined {
  const dependency = unreachableDependency(error);
  return dependency && new ServiceUnavailableError(MESSAGES[dependency]);
}
