// JSON bodies, parsed only where a route reads one, after its authentication (issue 28): a request
// with a bogus token, key or session costs no parsing at all. The bounds are service-kit's
// (JSON_MAX_KEYS, JSON_MAX_DEPTH, 256 KB).
import { jsonBody } from "@org/service-kit";
import type { RequestHandler } from "express";
import type { AuthEnv } from "../env.ts";

export const JSON_LIMIT = "256kb";

export function authJsonBody(env: Pick<AuthEnv, "JSON_MAX_KEYS" | "JSON_MAX_DEPTH">): RequestHandler {
  return jsonBody({ limit: JSON_LIMIT, maxKeys: env.JSON_MAX_KEYS, maxDepth: env.JSON_MAX_DEPTH });
}
