/** Console logging behind the `debug` option, prefixed `[SDK]`. Callers never pass tokens or PRF output. */
export interface DebugLogger {
  (...args: unknown[]): void;
}

export function debugLogger(enabled: () => boolean): DebugLogger {
  return (...args) => {
    if (enabled()) console.debug("[SDK]", ...args);
  };
}
