import pino, { type Logger } from "pino";
import pretty from "pino-pretty";

export type { Logger };

export interface LoggerOptions {
  service: string;
  level: string;
  /** `json` (default): one JSON object a line, for machines; `pretty`: readable lines, for people. */
  format?: "json" | "pretty";
}

/**
 * Logs on stdout. Request logs carry only method, path, status and request id (see
 * http/request-logging.ts), so credentials in headers never reach a log line; the redact list is
 * the second line of defence for anything logged by hand.
 */
export function createLogger({ service, level, format = "json" }: LoggerOptions): Logger {
  const options = {
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
  };
  if (format === "json") return pino(options);
  // pino-pretty as a stream in this process, not as a pino transport: no worker thread that
  // outlives a test or drops the last lines when the process exits.
  return pino(
    options,
    pretty({
      sync: true,
      singleLine: true,
      translateTime: "SYS:HH:MM:ss",
      // service leads the line; the start-up line says port, host and url in its message.
      ignore: "pid,hostname,service,port,host,url",
      messageFormat: "{service}: {msg}",
    }),
  );
}

/**
 * Node prints process warnings (a MaxListenersExceededWarning, a deprecation) as text on stderr:
 * the one kind of line that would not be JSON in production. A service logs them through its
 * logger instead, each kind of warning once (some libraries emit one per call).
 */
export function logProcessWarnings(logger: Logger): void {
  const seen = new Set<string>();
  process.removeAllListeners("warning");
  process.on("warning", (warning) => {
    const kind = `${warning.name}: ${(warning as { code?: string }).code ?? warning.message}`;
    if (seen.has(kind)) return;
    seen.add(kind);
    logger.warn({ err: warning }, `process warning: ${warning.name}: ${warning.message}`);
  });
}
