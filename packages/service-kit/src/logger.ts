import pino, { type Logger } from "pino";

export type { Logger };

/**
 * Structured JSON logs on stdout. Request logs carry only method, path, status and request id
 * (see http/request-logging.ts), so credentials in headers never reach a log line; the redact
 * list is the second line of defence for anything logged by hand.
 */
export function createLogger({ service, level }: { service: string; level: string }): Logger {
  return pino({
    level,
    base: { service },
    redact: {
      paths: [
        "authorization",
        "cookie",
        "password",
        "token",
        "apiKey",
        "*.authorization",
        "*.cookie",
        "*.password",
        "*.token",
        "*.apiKey",
        'headers["x-api-key"]',
      ],
      censor: "[redacted]",
    },
  });
}
