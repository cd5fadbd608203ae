// The web app's own endpoints under /app (sign-up, sign-in, the session, the signed-in user's
// passkeys, the OAuth consent page's request and decision): a registry of their own, mounted and called like /api/v1's, but unpublished: no
// OpenAPI document, MCP tool or /llms.txt lists them (only the web app's pages call them).
import { PasskeyIdParams, PasskeyInfoSchema, RenamePasskeyRequestSchema } from "../auth/schemas/passkeys.ts";
import { SessionTokenResponseSchema } from "../auth/schemas/tokens.ts";
import { StepUpResponseSchema } from "../auth/schemas/authentication.ts";
import type { OperationContract } from "../operation.ts";
import { z } from "../zod.ts";
import {
  OAuthAuthorizationQuery,
  OAuthConsentDecisionSchema,
  OAuthConsentSchema,
  OAuthRedirectSchema,
} from "./oauth.ts";
import { PendingSignupSchema, SignInRequestSchema, SignupRequestSchema, WebSessionSchema } from "./web.ts";

/** Where the web operations' paths are mounted (the web app's client calls `${BOARD_WEB_PREFIX}${path}`). */
export const BOARD_WEB_PREFIX = "/app";

/**
 * Who may call a web operation:
 * - "none": anyone; it reads the cookie it is about and answers 204 without one (the page's probes);
 * - "signIn": the steps before a session exists: per client IP rate-limited, and a change only from
 *   this app's own pages (same Origin: no login CSRF);
 * - "session": the session cookie, with its X-CSRF-Token on every change, and a change only from
 *   this app's own pages (same Origin, as "signIn").
 */
export type BoardWebSecurity = "none" | "signIn" | "session";

export type BoardWebOperation = OperationContract<BoardWebSecurity>;

/** The registration token of an `assertion-url` (<authkit-register>), fetched just in time. */
const WebUserTokenSchema = z.object({ userToken: z.string() });

const none = ["none"] as const;
const signIn = ["signIn"] as const;
const session = ["session"] as const;

export const boardWebOperations = {
  /** The signed-in user and the CSRF token; signed out is an answer, not an error (204). */
  get_session: {
    method: "get",
    path: "/auth/session",
    security: none,
    response: WebSessionSchema,
    emptyStatus: 204,
    noStore: true,
  },
  /** Starts a sign-up (its cookie binds it to this browser); again in the same browser abandons the previous one. */
  start_signup: {
    method: "post",
    path: "/auth/signup",
    security: signIn,
    body: SignupRequestSchema,
    response: PendingSignupSchema,
    status: 201,
    noStore: true,
  },
  /** This browser's sign-up in progress (the passkey step, reloaded); 204 when there is none. */
  get_signup: {
    method: "get",
    path: "/auth/signup",
    security: none,
    response: PendingSignupSchema,
    emptyStatus: 204,
    noStore: true,
  },
  /** Back from the passkey step: the sign-up holds nothing any more (handle, auth server user). */
  cancel_signup: { method: "delete", path: "/auth/signup", security: signIn },
  /** The sign-up's registration token (the assertion-url of <authkit-register>). */
  get_signup_token: {
    method: "get",
    path: "/auth/signup/token",
    security: signIn,
    response: WebUserTokenSchema,
    noStore: true,
  },
  /** The sign-up's passkey exists: the account is made and its session started. */
  complete_signup: {
    method: "post",
    path: "/auth/signup/complete",
    security: signIn,
    response: WebSessionSchema,
    status: 201,
    noStore: true,
  },
  /** The session token of the sign-in page's <authkit-authenticate>. */
  get_sign_in_token: {
    method: "get",
    path: "/auth/signin/token",
    security: signIn,
    response: SessionTokenResponseSchema,
    noStore: true,
  },
  /** A passkey login at the auth server becomes a session (one per login). */
  sign_in: {
    method: "post",
    path: "/auth/signin",
    security: signIn,
    body: SignInRequestSchema,
    response: WebSessionSchema,
    noStore: true,
  },
  /** The session proves a passkey again before an account security change. */
  step_up: {
    method: "post",
    path: "/auth/step-up",
    security: session,
    body: SignInRequestSchema,
    response: StepUpResponseSchema,
    noStore: true,
  },
  sign_out: { method: "post", path: "/auth/signout", security: session },
  list_my_passkeys: {
    method: "get",
    path: "/account/passkeys",
    security: session,
    response: z.array(PasskeyInfoSchema),
    noStore: true,
  },
  /** The registration token of "Add a passkey" (its assertion-url); needs a recent step-up. */
  get_passkey_token: {
    method: "get",
    path: "/account/passkeys/token",
    security: session,
    response: WebUserTokenSchema,
    noStore: true,
  },
  rename_my_passkey: {
    method: "patch",
    path: "/account/passkeys/{passkey_id}",
    security: session,
    params: PasskeyIdParams,
    body: RenamePasskeyRequestSchema,
    response: PasskeyInfoSchema,
    noStore: true,
  },
  /** Never the last passkey; needs a recent step-up. */
  delete_my_passkey: {
    method: "delete",
    path: "/account/passkeys/{passkey_id}",
    security: session,
    params: PasskeyIdParams,
  },
  /**
   * The consent page's load (/app/oauth/authorize?<the request>): what the app asks for, or
   * `{redirect_to}` when the request can only go back to the app with an error.
   */
  get_oauth_consent: {
    method: "get",
    path: "/auth/oauth/authorize",
    security: session,
    query: OAuthAuthorizationQuery,
    response: OAuthConsentSchema,
    noStore: true,
  },
  /**
   * The person allows (a grant, limited to some of their projects or not; needs a recent step-up)
   * or denies; either way the answer is where the browser goes back to the app.
   */
  decide_oauth_consent: {
    method: "post",
    path: "/auth/oauth/authorize",
    security: session,
    body: OAuthConsentDecisionSchema,
    response: OAuthRedirectSchema,
    noStore: true,
  },
} as const satisfies Record<string, BoardWebOperation>;

export type BoardWebOperations = typeof boardWebOperations;
