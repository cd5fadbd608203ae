import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const REQUEST_ID_HEADER = "X-Request-Id";

// A caller's id is kept when it is a plausible id; anything else (too long, odd characters)
// is replaced, so the header cannot be used to inject into logs.
const acceptableId = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && acceptableId.test(incoming) ? incoming : randomUUID();
}
