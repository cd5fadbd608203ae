import { createServer, type RequestListener, type Server } from "node:http";

export interface RequestTimeouts {
  /** The request line and headers must arrive within this (else 408, connection closed). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
}

/**
 * An HTTP server that does not wait long for slow clients: a request whose headers or body trickle
 * in (slowloris) gets `408 Request Timeout` and its connection closed after the given times, not
 * Node's defaults (60 s for headers, 300 s for the request). Only receiving is timed: a response
 * that takes long (a long poll, a stream) is not cut. Node checks open connections once a second.
 */
export function createHttpServer(timeouts?: RequestTimeouts, app?: RequestListener): Server {
  if (!timeouts) return createServer(app);
  return createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, timeouts.headersTimeoutMs),
    },
    app,
  );
}
