import express, { type Express } from "express";
import helmet, { type HelmetOptions } from "helmet";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import { anonymousLimiter, type AnonymousLimitOptions } from "./anonymous-limit.ts";
import type { ErrorDialect } from "./error-dialects.ts";
import { errorHandler, notFoundHandler } from "./error-handler.ts";
import { jsonBody, type JsonBodyOptions } from "./json-body.ts";
import { closeUnreadBodies } from "./unread-body.ts";
import { useRequestLogging, type RequestLogOptions } from "./request-logging.ts";
import type { TrustProxy } from "./trust-proxy.ts";

export interface HttpAppOptions {
  logger: Logger;
  /** Largest JSON body accepted; larger ones get `payload_too_large`. */
  jsonLimit?: string;
  /** Most keys per object and deepest nesting of a JSON body (`JSON_MAX_KEYS`, `JSON_MAX_DEPTH`). */
  jsonBounds?: Pick<JsonBodyOptions, "maxKeys" | "maxDepth">;
  /**
   * false: no JSON parser ahead of the routes; the app mounts `jsonBody(...)` itself, after
   * authentication, so a request with a bogus credential costs no parsing. Default true.
   */
  parseJsonUpFront?: boolean;
  helmet?: HelmetOptions;
  /** `TRUST_PROXY`: whose X-Forwarded-For decides `req.ip` (rate limits, audit); default nobody's. */
  trustProxy?: TrustProxy;
  /** The per-request log line (`requestLogOptions(env)`); default: every request at info. */
  requestLog?: RequestLogOptions;
  /** The per-IP ceiling on unauthenticated requests (see anonymous-limit.ts), ahead of every route. */
  anonymousLimit?: AnonymousLimitOptions;
  /** Counts and times every request (http_requests_total, http_request_duration_seconds). */
  metrics?: Metrics | undefined;
}

/**
 * The common front of both services: request id and logging, the limit on unauthenticated
 * requests, security headers, JSON bodies.
 * Add routes, then call `finishHttpApp` for the 404 and error handlers.
 */
export function createHttpApp({
  logger,
  jsonLimit = "1mb",
  jsonBounds,
  parseJsonUpFront = true,
  helmet: helmetOptions,
  trustProxy = false,
  metrics,
  requestLog,
  anonymousLimit,
}: HttpAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);
  // First: whatever answers a large body unread (limits, authentication, 404) closes instead of reading it.
  app.use(closeUnreadBodies());
  useRequestLogging(app, logger, requestLog);
  metrics?.measureRequests(app);
  app.use(helmet(helmetOptions));
  // Before body parsing and routes: a refused request costs one counter and nothing else.
  if (anonymousLimit) app.use(anonymousLimiter(anonymousLimit));
  if (parseJsonUpFront) app.use(jsonBody({ limit: jsonLimit, ...jsonBounds }));
  return app;
}

export function finishHttpApp(app: Express, dialect: ErrorDialect): Express {
  app.use(notFoundHandler);
  app.use(errorHandler(dialect));
  return app;
}
