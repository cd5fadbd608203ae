export { baseEnvSchema, defaultDataDir, loadEnv, type BaseEnv } from "./env.ts";
export { databaseLabel } from "./database-label.ts";
export * from "./errors.ts";
export { createLogger, logProcessWarnings, type Logger } from "./logger.ts";
export { createHttpApp, finishHttpApp, type HttpAppOptions } from "./http/create-http-app.ts";
export {
  DEFAULT_JSON_MAX_DEPTH,
  DEFAULT_JSON_MAX_KEYS,
  jsonBody,
  jsonBoundsProblem,
  JsonBoundsScanner,
  type JsonBodyOptions,
} from "./http/json-body.ts";
export { closeWithoutReading, LINGER_MS } from "./http/unread-body.ts";
export { authErrors, boardErrors, type ErrorDialect } from "./http/error-dialects.ts";
export {
  errorHandler,
  MAX_LISTED_UNKNOWN_KEYS,
  notFoundHandler,
  toAppError,
  unknownKeysMessage,
  validationErrorFrom,
} from "./http/error-handler.ts";
export { apiDocsRoutes, DOCS_PATH, type ApiDocsOptions } from "./http/api-docs.ts";
export { healthRoutes, type HealthOptions } from "./http/health.ts";
export { metricsRoute, type MetricsRouteOptions } from "./http/metrics-route.ts";
export { countOutcomes, Metrics, outcomeOf, type MetricsOptions } from "./metrics.ts";
export { parseTrustProxy, type TrustProxy } from "./http/trust-proxy.ts";
export { assertStorableParams, parseWith } from "./http/validate.ts";
export {
  defineImplementations,
  expressPath,
  mountOperations,
  type HttpCall,
  type Implementations,
  type MountOptions,
  type OperationHandler,
} from "./operations/mount.ts";
export { REQUEST_ID_HEADER, requestIdOf } from "./http/request-id.ts";
export { requestLogOptions, type RequestLogOptions } from "./http/request-logging.ts";
export { listenOptionsOf, serve, type ListenOptions, type Served, type ServeOptions } from "./serve.ts";
export { localhostUrl } from "./localhost-url.ts";
export { runService, type RunningService, type RunServiceOptions, type ServiceDeps } from "./run-service.ts";
export { runCli, withCliDatabase, type CliCommand } from "./cli.ts";
export { generateSecret, hashSecret, secretMatches } from "./secrets.ts";
export { readOrCreateSecretFile, readSecret } from "./secret-file.ts";
export { connectRedis, watchRedis, type Redis } from "./redis.ts";
export {
  rateLimiter,
  windowCounter,
  type RateLimiter,
  type RateLimitOptions,
  type WindowCounter,
} from "./http/rate-limit.ts";
export { anonymousLimiter, type AnonymousLimitOptions } from "./http/anonymous-limit.ts";
export { bearerToken } from "./http/bearer.ts";
export { clientIpKey, clientIpOf, IPV6_PREFIX_BITS } from "./http/client-ip.ts";
export { createHttpServer, type RequestTimeouts } from "./http/http-server.ts";
export {
  attachRealtime,
  socketLimits,
  type Realtime,
  type RealtimeOptions,
  type SocketLimits,
} from "./realtime.ts";
export {
  MAIL_NAME_MAX,
  mailSafeName,
  outboxMailer,
  smtpMailer,
  type MailMessage,
  type Mailer,
  type SentMail,
} from "./mail.ts";
export { escapeHtml, html, SafeHtml } from "./web/html.ts";
export { pagePolicy, type PagePolicy } from "./web/csp.ts";
export { pageDocument, sendPage, type PageDocument, type SendPageOptions } from "./web/page.ts";
export { acceptedLocale, matchLocale, negotiateLocale } from "./web/locale.ts";
export { assetManifest, builtPagesDir, staticAssets, type StaticAssetsOptions } from "./web/assets.ts";
export {
  assertCsrf,
  assertCsrfToken,
  CSRF_HEADER,
  csrfTokenOf,
  isLocalhostUrl,
  isStateChanging,
  parseCookieHeader,
  SessionCookie,
  sessionIsLive,
  sessionNeedsTouch,
  type SessionCookieOptions,
  type SessionLifetime,
  type SessionTimes,
} from "./web/cookie-session.ts";
export {
  cacheSecondsOf,
  guardedFetch,
  isNonPublicAddress,
  OutboundFetchError,
  type GuardedFetchOptions,
  type GuardedFetchResult,
} from "./outbound/guarded-fetch.ts";
export * from "./webhooks/index.ts";
