// board-api as a tenant of the auth server: the server-to-server calls (X-API-KEY) its web app needs.
// The key never reaches a browser. Answers are parsed with the auth server's own wire schemas.
import {
  AuthFailureSchema,
  PasskeyInfoSchema,
  SessionTokenResponseSchema,
  TenantUserSchema,
  UserTokenResponseSchema,
  VerifyAuthResponseSchema,
  z,
} from "@org/contracts";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  readOrCreateSecretFile,
  ServiceUnavailableError,
} from "@org/service-kit";
import type { AuthServerConfig } from "../env.ts";

/** Calls to the auth server that wait longer than this fail as `service_unavailable`. */
const TIMEOUT_MS = 10_000;

const unavailable = (why: string) =>
  new ServiceUnavailableError(`Sign-in is unavailable right now (${why}); try again in a moment.`);

export type TenantClient = ReturnType<typeof createTenantClient>;

/**
 * The tenant API of the auth server at `config.internalUrl`. The API key is read (or, from its
 * file, created) on first use, so a service whose auth server is not set up yet still starts.
 */
export function createTenantClient(config: AuthServerConfig) {
  let apiKey: string | undefined;
  const key = () =>
    (apiKey ??=
      "value" in config.apiKey ? config.apiKey.value : readOrCreateSecretFile(config.apiKey.file, "ak"));

  async function call<T extends z.ZodType>(
    method: "GET" | "POST" | "PATCH" | "DELETE",
    path: string,
    schema: T | undefined,
    body?: unknown,
  ): Promise<z.infer<T>> {
    let response: Response;
    try {
      response = await fetch(`${config.internalUrl}${path}`, {
        method,
        headers: {
          "X-API-KEY": key(),
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw unavailable("the auth server does not answer");
    }
    if (response.status === 204) return undefined as z.infer<T>;
    const json: unknown = await response.json().catch(() => undefined);
    if (response.ok && schema) return schema.parse(json);
    const failure = AuthFailureSchema.safeParse(json);
    const code = failure.success ? failure.data.error_code : undefined;
    if (code === "not_found" || code === "credential_not_found") throw new NotFoundError(failure.data!.error);
    if (code === "conflict") throw new ConflictError(failure.data!.error);
    if (code === "user_disabled") throw new ForbiddenError("This account has been disabled.");
    if (code === "unauthenticated" || code === "tenant_disabled") {
      throw unavailable("the auth server refuses this board's API key: check AUTH_API_KEY");
    }
    if (code === "rate_limited") throw unavailable("the auth server is busy");
    throw unavailable(`the auth server answered ${response.status}`);
  }

  const user = (externalId: string) => `/api/v1/users/${encodeURIComponent(externalId)}`;
  return {
    /** Where browsers reach the auth server (the SDK's api-base-url, the CSP). */
    publicUrl: config.publicUrl,
    sessionToken: () => call("POST", "/api/v1/session-token", SessionTokenResponseSchema),
    /**
     * A registration token. Passkey prompts then name the account by `username` (the email) and
     * the site by BOARD_NAME, not by the user's id and the tenant's name. A username another auth
     * server user holds (a stale sign-up of the same email) is a conflict: asked again without it,
     * the prompt shows the id rather than failing the registration.
     */
    userToken: async (input: {
      externalId: string;
      displayName?: string;
      username?: string;
      ttl?: number;
      stepUpChallengeId?: string;
    }) => {
      const named = { ...input, rpName: config.boardName };
      return call("POST", "/api/v1/user-token", UserTokenResponseSchema, named).catch((error: unknown) => {
        if (!(error instanceof ConflictError) || input.username === undefined) throw error;
        const { username: _taken, ...unnamed } = named;
        return call("POST", "/api/v1/user-token", UserTokenResponseSchema, unnamed);
      });
    },
    verifyAuth: (challengeId: string) =>
      call("POST", "/api/v1/verify-auth", VerifyAuthResponseSchema, { challengeId }),
    getUser: (externalId: string) => call("GET", user(externalId), TenantUserSchema),
    listPasskeys: (externalId: string) =>
      call("GET", `${user(externalId)}/passkeys`, z.array(PasskeyInfoSchema)),
    /** Deletes a user who cannot sign in (no passkey, no password); `ConflictError` otherwise. */
    deleteUser: (externalId: string) => call("DELETE", user(externalId), undefined),
    renamePasskey: (externalId: string, passkeyId: string, name: string) =>
      call("PATCH", `${user(externalId)}/passkeys/${encodeURIComponent(passkeyId)}`, PasskeyInfoSchema, {
        name,
      }),
    deletePasskey: (externalId: string, passkeyId: string) =>
      call("DELETE", `${user(externalId)}/passkeys/${encodeURIComponent(passkeyId)}`, undefined),
  };
}
