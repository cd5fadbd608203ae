import type { Express, Request, RequestHandler } from "express";
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

/**
 * Assigns the request id (echoed in X-Request-Id) and logs one line per request with its id,
 * method, path, status and duration. Per request this costs a header and, when the level lets
 * anything through, one listener: `req.log` (a child logger) is only made for the requests that
 * use it, such as those that fail.
 */
export function useRequestLogging(app: Express, logger: Logger): void {
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
        const line = {
          req: requestFields(req),
          res: { status: res.statusCode },
          responseTime: Date.now() - startedAt,
        };
        if (res.statusCode >= 500) logger.error(line, "request errored");
        else if (res.writableFinished) logger.info(line, "request completed");
        else logger.info(line, "request aborted");
      });
    }
    next();
  };
  app.use(middleware);
}
