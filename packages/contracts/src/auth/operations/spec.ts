// One operation of the auth server: what its routes, its OpenAPI document and its drift tests share.
import type { ZodType } from "zod";
import type { z } from "../../zod.ts";

/** "none": the operation also answers without credentials. */
export type Security =
  "apiKey" | "userToken" | "sessionToken" | "cookie" | "adminSession" | "qrSecret" | "phoneToken" | "none";

export interface AuthOperation {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  summary: string;
  security: Security[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers (the admin API's X-CSRF-Token). */
  headers?: z.ZodObject;
  body?: ZodType;
  status?: number;
  response?: ZodType;
  /** Failure codes this operation can answer, besides bad_request, rate_limited and server_error. */
  errors: string[];
}
