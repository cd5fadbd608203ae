import { Router } from "express";
import { bearerToken } from "./bearer.ts";
import { UnauthenticatedError } from "../errors.ts";
import type { Metrics } from "../metrics.ts";
import { hashSecret, secretMatches } from "../secrets.ts";

export interface MetricsRouteOptions {
  /** `METRICS_TOKEN`: when set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** Without a token, production serves no /metrics at all (404); development and tests do. */
  production: boolean;
}

/**
 * `GET /metrics`: Prometheus' text format. Open in development; in production only with
 * METRICS_TOKEN, and then only to a scraper that presents it (compared in constant time).
 */
export function metricsRoute(metrics: Metrics, { token, production }: MetricsRouteOptions): Router {
  const router = Router();
  if (!token && production) return router;
  const tokenHash = token && hashSecret(token);
  router.get("/metrics", async (req, res) => {
    if (tokenHash) {
      const presented = bearerToken(req.get("authorization"));
      if (!presented || !secretMatches(presented, tokenHash)) {
        res.set("WWW-Authenticate", 'Bearer realm="metrics"');
        throw new UnauthenticatedError("Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.");
      }
    }
    res
      .set("Cache-Control", "no-store")
      .type(metrics.registry.contentType)
      .send(await metrics.render());
  });
  return router;
}
