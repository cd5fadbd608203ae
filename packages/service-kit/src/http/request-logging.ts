import type { Express, Request, RequestHandler, Response } from "express";
import type { Logger } from "../logger.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";

declare module "http" {
  interface IncomingMessage {
    /** The request id, echoed in X-Request-Id. */
    id: string;
    /** A logger whose lines carry this request's id, method and path. */
    log: Logger;
  }
}

// The query string is dropped: it is where a careless client would put a secret. Routers strip
// their mount path from req.url; originalUrl keeps the path as it was requested.
const requestFields = (req: Request) => ({
  id: req.id,
  method: req.method,
  path: req.originalUrl.split("?")[0],
});

export interface RequestLogOptions {
  /**
   * The level of the one line per request: `info` (default; production's JSON logs keep every
   * request) or `debug` (development: shown only with LOG_LEVEL=debug, so `info` keeps start-up,
   * errors and slow requests).
   */
  level?: "info" | "debug";
  /** With level `debug`: a request slower than this many milliseconds is logged at `info` anyway. */
  slowMs?: number;
  /** One short readable message (`GET /api/v1/projects 200 12 ms`) instead of the fields. */
  concise?: boolean;
}

/**
 * How a service logs its requests, from its environment: in development one concise line per
 * request at `debug` (readable lines) and slow ones at `info`; elsewhere unchanged, every request
 * at `info` with its fields.
 */
export function requestLogOptions(env: {
  NODE_ENV: string;
  LOG_FORMAT: "pretty" | "json";
  SLOW_REQUEST_MS: number;
}): RequestLogOptions {
  if (env.NODE_ENV !== "development") return { level: "info" };
  return { level: "debug", slowMs: env.SLOW_REQUEST_MS, concise: env.LOG_FORMAT === "pretty" };
}

const EXPECTED_FAILURE = Symbol("expectedFailure");

/**
 * Marks a 5xx answer as the expected one (a readiness probe answering 503 during an outage, which
 * its route logs once per change): logged as an ordinary request, not as an error.
 */
export function expectedFailure(res: Response): void {
  (res.locals as Record<symbol, unknown>)[EXPECTED_FAILURE] = true;
}

/**
 * Assigns the request id (echoed in X-Request-Id) and logs one line per request with its id,
 * method, path, status and duration (see RequestLogOptions for the level). Per request this costs
 * a header and, when the level lets anything through, one listener: `req.log` (a child logger) is
 * only made for the requests that use it, such as those that fail.
 */
export function useRequestLogging(
  app: Express,
  logger: Logger,
  { level = "info", slowMs = Infinity, concise = false }: RequestLogOptions = {},
): void {
  Object.defineProperty(app.request, "log", {
    configurable: true,
    get(this: Request) {
      const log = logger.child({ req: requestFields(this) });
      Object.defineProperty(this, "log", { value: log });
      return log;
    },
  });
  const middleware: RequestHandler = (req, res, next) => {
    const id = requestIdOf(req);
    res.setHeader(REQUEST_ID_HEADER, id);
    req.id = id;
    // Nothing is logged below error; "silent" and "fatal" skip the work entirely.
    if (logger.isLevelEnabled("error")) {
      const startedAt = Date.now();
      res.once("close", () => {
        const responseTime = Date.now() - startedAt;
        const line = { req: requestFields(req), res: { status: res.statusCode }, responseTime };
        if (res.statusCode >= 500 && !(res.locals as Record<symbol, unknown>)[EXPECTED_FAILURE]) {
          return logger.error(line, "request errored");
        }
        const slow = responseTime > slowMs;
        const lineLevel = slow ? "info" : level;
        if (!logger.isLevelEnabled(lineLevel)) return;
        const outcome = res.writableFinished ? "completed" : "aborted";
        if (concise) {
          const { method, path } = line.req;
          const what = `${method} ${path} ${res.statusCode} ${responseTime} ms`;
          logger[lineLevel](
            slow ? `slow request: ${what}` : outcome === "aborted" ? `${what} (aborted)` : what,
          );
        } else {
          logger[lineLevel](line, slow ? `slow request ${outcome}` : `request ${outcome}`);
        }
      });
    }
    next();
  };
  app.use(middleware);
}
