// Every DOM event of the five components, with its detail, declared once. Events are dispatched on
// the element itself (they do not bubble): listen with `element.addEventListener(name, …)`.
import type { AuthKitError, AuthKitErrorCode } from "../core/errors.ts";
import type { AuthResult, LoginResult, QRStatus } from "../core/types.ts";
import type { ModeDecision } from "../detection/mode.ts";
import type { PasskeyDetails } from "../modules/management/index.ts";

/** `error` events. */
export interface ComponentErrorDetail {
  error: AuthKitError;
  code?: AuthKitErrorCode;
}

/**
 * `success` of authkit-authenticate: the login's AuthResult as the iframe (or, on iOS < 18, the
 * button) reported it; pass `challengeId` to your server, which calls verify-auth. `prfOutput` only
 * with prf `event` or `both`.
 */
export type AuthenticateSuccessDetail = LoginResult;

/** `success` of authkit-register: the registration's AuthResult (`passkeyId`, `user`, PRF when asked). */
export type RegisterSuccessDetail = AuthResult;

/** `success` of authkit-passkey: the login's AuthResult (PRF when `prf` is set). */
export type PasskeySuccessDetail = LoginResult;

/**
 * The states of authkit-status. `notice`: something to do while a ceremony still waits (the
 * browser's prompt went unanswered: use your phone).
 */
export type StatusKind = "idle" | "loading" | "notice" | "success" | "error";

export type EmptyDetail = Record<string, never>;

export interface AuthenticateEvents {
  ready: undefined;
  "mode-detected": ModeDecision;
  success: AuthenticateSuccessDetail;
  error: ComponentErrorDetail;
  expired: EmptyDetail;
}

export interface RegisterEvents {
  "mode-detected": ModeDecision;
  success: RegisterSuccessDetail;
  error: ComponentErrorDetail;
  expired: EmptyDetail;
}

export interface PasskeyEvents {
  success: PasskeySuccessDetail;
  error: ComponentErrorDetail;
}

/** `success` of authkit-login: the login's AuthResult, and how it was done; send `challengeId` to your server. */
export interface LoginSuccessDetail extends LoginResult {
  /** How the person signed in: a passkey on this device (a sign-up too), a password, or a phone (QR). */
  method: "passkey" | "password" | "qr";
  /** The login created the account (self-service sign-up; verify-auth says it too). */
  created?: true;
}

export interface LoginEvents {
  ready: undefined;
  success: LoginSuccessDetail;
  error: ComponentErrorDetail;
  expired: EmptyDetail;
}

export interface QREvents {
  "qr-generated": { qrUrl: string; challengeId: string };
  "status-change": { status: QRStatus; message?: string };
  success: AuthResult;
  error: ComponentErrorDetail;
  expired: EmptyDetail;
  refreshed: EmptyDetail;
  cancelled: EmptyDetail;
}

export interface PasskeysEvents {
  /** The list was (re)loaded. */
  loaded: { passkeys: PasskeyDetails[] };
  renamed: { passkey: PasskeyDetails };
  deleted: { passkeyId: string };
  /** A passkey was created on this device with "Add a passkey". */
  added: { passkeyId: string };
  error: ComponentErrorDetail;
  /** The user token expired (and no `assertion-url` gives a fresh one): set a new `token`. */
  expired: EmptyDetail;
}

export interface StatusEvents {
  "status-change": { status: StatusKind; message: string };
}

/** An element's events as DOM event types: `{ success: CustomEvent<Detail>, … }`. */
export type ComponentEventMap<Events> = {
  [K in keyof Events]: CustomEvent<Events[K] extends undefined ? null : Events[K]>;
};
