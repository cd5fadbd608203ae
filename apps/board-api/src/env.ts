import path from "node:path";
import { baseEnvSchema, loadEnv } from "@org/service-kit";
import { z } from "zod";

const optionalText = z
  .string()
  .optional()
  .transform((value) => value || undefined);
const optionalUrl = z
  .url()
  .optional()
  .or(z.literal("").transform(() => undefined));
const seconds = z.coerce.number().int().positive();

export const boardEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Requests per minute per API token (or web session). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Days a project's event log (GET /projects/{project_id}/events) keeps an event. */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Sign-up and sign-in requests per minute per client IP (each may call the auth server). */
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /**
   * Largest JSON body of the web app's own routes under /app (bytes): sign-in, sign-up, the session,
   * the consent page's decision (an authorization request and at most 200 project ids): all small.
   */
  WEB_AUTH_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(16 * 1024),
  /** Invitations an hour from one user to people who share none of their projects (or unknown ids). */
  INVITES_TO_STRANGERS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Where attachment files are stored; default `$DATA_DIR/attachments`. */
  ATTACHMENTS_DIR: optionalText,
  /** Longest a card search by text (find_cards ?q=) may run before it is cancelled (ms). */
  CARD_SEARCH_TIMEOUT_MS: z.coerce.number().int().positive().default(1000),
  /** Bytes of attachments one project may hold in all (1 GiB). */
  ATTACHMENT_QUOTA_PROJECT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 ** 3),
  /** Bytes of attachments one user may have uploaded in all, across projects (2 GiB). */
  ATTACHMENT_QUOTA_USER_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  /** The auth server as browsers reach it (the SDK, its iframes). Development default: http://localhost:4100. */
  AUTH_SERVER_URL: optionalUrl,
  /** The auth server as this server reaches it, when that differs (a container network); default AUTH_SERVER_URL. */
  AUTH_SERVER_INTERNAL_URL: optionalUrl,
  /** The board's tenant API key on the auth server … */
  AUTH_API_KEY: optionalText,
  /** … or a file holding it (created with a random key when missing). Development default: $DATA_DIR/board-tenant.key. */
  AUTH_API_KEY_FILE: optionalText,
  /** A web session ends after this long without a request (default 7 days) … */
  WEB_SESSION_IDLE_SECONDS: seconds.default(7 * 24 * 60 * 60),
  /** … and this long after sign-in whatever happens (default 30 days). */
  WEB_SESSION_MAX_SECONDS: seconds.default(30 * 24 * 60 * 60),
  /** The SMTP server mail leaves through (`smtp://user:pass@host:587`, `smtps://…`); none: see mail.ts. */
  SMTP_URL: optionalUrl.refine((url) => !url || /^smtps?:$/.test(new URL(url).protocol), {
    message: "SMTP_URL must be an smtp:// or smtps:// URL",
  }),
  /** OAuth client registrations (POST /oauth/register) a minute per client IP. */
  RATE_LIMIT_OAUTH_REGISTER_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /**
   * Fetch OAuth Client ID Metadata Documents from loopback and private addresses too (closed
   * networks, tests); off: only public addresses are ever fetched.
   */
  OAUTH_CLIENT_METADATA_ALLOW_PRIVATE: z
    .enum(["true", "false", ""])
    .optional()
    .transform((value) => value === "true"),
  /**
   * A PEM file of certificate authorities trusted, besides the system's, when fetching Client ID
   * Metadata Documents (a closed network's own CA; tests). Unset: the system's only.
   */
  OAUTH_CLIENT_METADATA_CA_FILE: z.string().optional(),
  /**
   * Browser origins besides PUBLIC_URL's allowed to call /mcp (comma-separated, e.g.
   * `https://inspector.example.com`); a request with any other `Origin` is 403. Requests without
   * `Origin` (agents, CLIs, servers) are not a browser's and are not checked.
   */
  MCP_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((origin) => origin.trim().replace(/\/+$/, ""))
        .filter(Boolean),
    ),
  /** The sender of the board's mail; default `Board <no-reply@<PUBLIC_URL's host>>`. */
  MAIL_FROM: optionalText,
  /** The board's name as passkey prompts show the site (WebAuthn rp.name). */
  BOARD_NAME: z.string().trim().min(1).max(100).default("Board"),
});

/** How board-api reaches its auth server; absent: the web app cannot sign anyone in. */
export interface AuthServerConfig {
  publicUrl: string;
  internalUrl: string;
  apiKey: { value: string } | { file: string };
  /** BOARD_NAME: the site's name in the passkey prompts of the registrations the board asks for. */
  boardName: string;
}

export type BoardEnv = ReturnType<typeof loadBoardEnv>;

function authServer(
  env: z.infer<typeof boardEnvSchema> & { DATA_DIR: string },
): AuthServerConfig | undefined {
  const development = env.NODE_ENV === "development";
  const publicUrl = env.AUTH_SERVER_URL ?? (development ? "http://localhost:4100" : undefined);
  const keyFile =
    env.AUTH_API_KEY_FILE ?? (development ? path.join(env.DATA_DIR, "board-tenant.key") : undefined);
  const apiKey = env.AUTH_API_KEY
    ? { value: env.AUTH_API_KEY }
    : keyFile
      ? { file: path.resolve(keyFile) }
      : undefined;
  if (!publicUrl && !apiKey) return undefined;
  if (!publicUrl || !apiKey) {
    throw new Error(
      `Invalid environment: the web app needs both AUTH_SERVER_URL and AUTH_API_KEY (or AUTH_API_KEY_FILE); ${publicUrl ? "AUTH_API_KEY" : "AUTH_SERVER_URL"} is missing`,
    );
  }
  const origin = (url: string) => new URL(url).origin;
  return {
    publicUrl: origin(publicUrl),
    internalUrl: env.AUTH_SERVER_INTERNAL_URL
      ? env.AUTH_SERVER_INTERNAL_URL.replace(/\/+$/, "")
      : origin(publicUrl),
    apiKey,
    boardName: env.BOARD_NAME,
  };
}

/** The board API's environment, parsed once at start. */
export function loadBoardEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = loadEnv(boardEnvSchema, source);
  return {
    ...env,
    ATTACHMENTS_DIR: path.resolve(env.ATTACHMENTS_DIR ?? path.join(env.DATA_DIR, "attachments")),
    authServer: authServer(env),
  };
}
