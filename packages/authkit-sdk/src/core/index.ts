// `@org/authkit-sdk/core`: the JavaScript API alone, without Lit and without the components. The QR
// flow and the socket.io client are loaded when a QR code is first shown.
export { AuthKit } from "./authkit.ts";
export { AUTHKIT_ERROR_CODES, AuthKitError, AuthKitErrorCode, retryHelps } from "./errors.ts";
export type { AuthKitErrorDetail } from "./errors.ts";
export { AuthKitEvents } from "./events.ts";
export type { AuthKitConfig, ResolvedAuthKitConfig } from "./config.ts";
export type {
  AuthKitEventHandler,
  AuthKitEventMap,
  AuthKitEventName,
  ErrorDetail,
  SuccessDetail,
} from "./events.ts";
export type {
  AttachmentPolicy,
  AuthFailure,
  AuthResponse,
  AuthResult,
  AuthSuccess,
  LoginResult,
  PasskeyInfo,
  PrfCapabilities,
  PrfMode,
  QRSession,
  QRStatus,
  QRSuccessDetail,
  RegistrationResult,
  StepUpAnswer,
  UserInfo,
} from "./types.ts";
export type { PasskeyAuthenticateOptions, PasskeyRegisterOptions } from "../modules/passkey/index.ts";
export type {
  QRCallbacks,
  QRRegisterOptions,
  QRStartOptions,
  StatusWatcherFactory,
} from "../modules/qr/index.ts";
export type { PasswordLoginOptions } from "../modules/password/index.ts";
export type { ManagementOptions, PasskeyDetails } from "../modules/management/index.ts";
export { prfHash } from "../prf/prf-hash.ts";
export { fromBase64Url, toBase64Url } from "../prf/base64url.ts";
