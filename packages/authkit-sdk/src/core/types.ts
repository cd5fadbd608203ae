// Public data types of the SDK and the wire shapes of the auth server's browser endpoints.
// Declared here rather than imported: the SDK is published and must not depend on private packages.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import type { AuthKitErrorCode } from "./errors.ts";

/** A user as the auth server reports it. */
export interface UserInfo {
  /** Server-internal identifier (UUIDv7). */
  id: string;
  /** The tenant's own identifier of the user. */
  externalId: string;
  displayName?: string;
}

/** One passkey of the signed-in user (management). */
export interface PasskeyInfo {
  id: string;
  name: string;
  /** ISO 8601 timestamp. */
  created_at: string;
  /** ISO 8601 timestamp of the last login with it. */
  last_used?: string;
}

/** What the authenticator reported about the PRF extension. */
export interface PrfCapabilities {
  prf: boolean;
}

/** How a registration hands over the PRF output: in the result, POSTed to `prfCallback`, or both. */
export type PrfMode = "event" | "callback" | "both";

/**
 * What a login or registration leaves, one shape for every flow (passkey, password, QR; here or in
 * the embed's iframe). It travels as is: in the module's result (`AuthSuccess`), as the detail of
 * the SDK's success events, in the embed's `success` message, and as the elements' `success` detail.
 */
export interface AuthResult {
  redirectUrl?: string;
  user?: UserInfo;
  /** Login: the id the tenant's server passes to `POST /api/v1/verify-auth`. */
  challengeId?: string;
  /**
   * Login: a signed session token (JWT, 15 minutes) your server verifies offline with the tenant's
   * JWKS (`@org/authkit-node`), instead of calling verify-auth.
   */
  sessionToken?: string;
  /** Registration: the id of the new passkey. */
  passkeyId?: string;
  /** base64url PRF output, when PRF was requested and the authenticator supports it. */
  prfOutput?: string;
  /** Present when PRF was requested. */
  capabilities?: PrfCapabilities;
}

/** A login's result: `challengeId` is always there. */
export interface LoginResult extends AuthResult {
  challengeId: string;
}

/** A registration's result: the new passkey's id is always there. */
export interface RegistrationResult extends AuthResult {
  passkeyId: string;
}

/** A successful login or registration: its result, marked `success`. */
export type AuthSuccess<R extends AuthResult = AuthResult> = R & { success: true };

/** A failed operation; `error_code` is an AuthKitErrorCode. */
export interface AuthFailure {
  success: false;
  error_code?: AuthKitErrorCode;
  error: string;
  /** Seconds to wait before trying again (`rate_limited`, or a `server_unreachable` 503), from `Retry-After`. */
  retryAfter?: number;
}

/** The outcome of a login or registration, discriminated on `success`. */
export type AuthResponse<R extends AuthResult = AuthResult> = AuthSuccess<R> | AuthFailure;

/** Status of a cross-device (QR) challenge. */
export type QRStatus = "pending" | "scanned" | "completed" | "expired" | "cancelled" | "failed" | "error";

/** A QR code being shown, returned by `auth.qr.startAuth()` / `startRegister()`. */
export interface QRSession {
  challengeId: string;
  /** URL of the QR image. */
  qrUrl: string;
  /** Stops watching the status. */
  cancel(): void;
  /** Generates a new QR code (a new challenge). */
  refresh(): Promise<void>;
}

// ---- wire shapes (request and response bodies) ----

/** `POST /auth/v1/register/start` */
export interface RegisterStartBody {
  name?: string;
  prf?: true;
  authenticatorAttachment?: AuthenticatorAttachment;
}
/**
 * A tenant's rule for where new passkeys live, when it is not `auto` (`register/start`'s
 * `attachmentPolicy`): it beats the element's attribute and the SDK's detection.
 */
export type AttachmentPolicy = "any" | "platform" | "cross-platform";

export interface RegisterStartAnswer {
  challengeId: string;
  options: PublicKeyCredentialCreationOptionsJSON;
  attachmentPolicy?: AttachmentPolicy;
  prfSalt?: string;
}

/** `POST /auth/v1/register/finish` */
export interface RegisterFinishBody {
  challengeId: string;
  credential: RegistrationResponseJSON;
  name?: string;
  prfHash?: string;
}
export interface RegisterFinishAnswer {
  success: true;
  user: UserInfo;
  passkeyId: string;
}

/** `POST /auth/v1/authenticate/start` */
export interface AuthenticateStartBody {
  /** Ask for the tenant's server-derived PRF salt. */
  prf?: true;
}
export interface AuthenticateStartAnswer {
  challengeId: string;
  options: PublicKeyCredentialRequestOptionsJSON;
  prfSalt?: string;
}

/** `POST /auth/v1/authenticate/finish` */
export interface AuthenticateFinishBody {
  challengeId: string;
  credential: AuthenticationResponseJSON;
  /** PRF output for the tenant's server (verify-auth); sent only with the server-derived salt. */
  prfResult?: string;
}

/** Success of a login (passkey, password, or a sign-up's passkey). */
export interface LoginAnswer {
  success: true;
  user: UserInfo;
  challengeId: string;
  sessionToken?: string;
  redirectUrl?: string;
  /** This login created the user (self-service sign-up). */
  created?: true;
}

/** `POST /auth/v1/password/login` */
export interface PasswordLoginBody {
  username: string;
  password: string;
}

/** `POST /auth/v1/step-up/finish` answers when the step-up stops counting (ISO 8601). */
export interface StepUpAnswer {
  stepped_up_until: string;
}

/** `POST /auth/v1/signup/start` (the tenant's `self_signup`) */
export interface SignupStartBody {
  /** The email address or username the person chose. */
  identifier: string;
  displayName?: string;
  prf?: true;
}
export interface SignupStartAnswer {
  challengeId: string;
  options: PublicKeyCredentialCreationOptionsJSON;
  prfSalt?: string;
}

/** `POST /auth/v1/signup/finish`; answers a LoginAnswer with `created: true`. */
export interface SignupFinishBody {
  challengeId: string;
  credential: RegistrationResponseJSON;
  prfHash?: string;
}

/** `GET /auth/v1/session-token`: the page's token checked, with the tenant's sign-in settings. */
export interface SessionTokenCheck {
  /** ISO 8601 timestamp. */
  expiresAt: string;
  self_signup: boolean;
  password_login: boolean;
}

/** `PATCH /auth/v1/passkeys/{passkey_id}` */
export interface RenamePasskeyBody {
  name: string;
}

/** `POST /auth/v1/qr/start` */
export interface QRStartBody {
  purpose?: "authenticate" | "register";
  name?: string;
  /** The page showing the QR when the request comes from an embed (shown on the phone). */
  origin?: string;
  /** The site's language (`locale`): the phone page speaks it. */
  lang?: string;
}
export interface QRStartAnswer {
  challengeId: string;
  qrUrl: string;
  mobileUrl: string;
  /** ISO 8601 timestamp. */
  expiresAt: string;
  /** Held by the party that started the challenge: only with it does the status tell who signed in. */
  secret: string;
}

/** `GET /auth/v1/qr/{challenge_id}/status` and the socket.io `status` event. */
export interface QRStatusAnswer {
  status: QRStatus;
  message?: string;
  user?: UserInfo;
  /** A completed login: the challengeId for verify-auth (the phone's ceremony, not the QR's id). */
  loginChallengeId?: string;
  /** A completed login: its signed session token. */
  sessionToken?: string;
  /** A completed registration: the new passkey. */
  passkeyId?: string;
}

/** What a completed QR flow reports (QR_SUCCESS, the `success` events, `onSuccess`): an AuthResult. */
export type QRSuccessDetail = AuthResult;
