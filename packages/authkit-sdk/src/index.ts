// The SDK's public entry: the JS API, its types, and the five web components (defined on import).
// Loaded as a plain <script type="module"> it also sets `window.AuthKit`.
import { AuthKit } from "./core/authkit.ts";
import { AuthKitError } from "./core/errors.ts";
import { AuthKitEvents } from "./core/events.ts";
import "./components/authenticate/index.ts";
import "./components/register/index.ts";
import "./components/passkey/index.ts";
import "./components/qr/index.ts";
import "./components/status/index.ts";

export { AuthKit, AuthKitError, AuthKitEvents };
export { AUTHKIT_ERROR_CODES, type AuthKitErrorCode } from "./core/errors.ts";
export type { AuthKitConfig, ResolvedAuthKitConfig } from "./core/config.ts";
export type {
  AuthKitEventHandler,
  AuthKitEventMap,
  AuthKitEventName,
  ErrorDetail,
  SuccessDetail,
} from "./core/events.ts";
export type {
  AttachmentPolicy,
  AuthFailure,
  AuthResponse,
  AuthSuccess,
  PasskeyInfo,
  PrfCapabilities,
  PrfMode,
  QRSession,
  QRStatus,
  QRSuccessDetail,
  UserInfo,
} from "./core/types.ts";
export type { PasskeyAuthenticateOptions, PasskeyRegisterOptions } from "./modules/passkey/index.ts";
export type {
  QRCallbacks,
  QRRegisterOptions,
  QRStartOptions,
  StatusWatcherFactory,
} from "./modules/qr/index.ts";
export type { PasswordLoginOptions } from "./modules/password/index.ts";
export type { DetectedMode, ModeDecision, ModeReason, RequestedMode } from "./detection/mode.ts";
export type { AttachmentSetting } from "./detection/attachment.ts";
export { prfHash } from "./prf/prf-hash.ts";
export { fromBase64Url, toBase64Url } from "./prf/base64url.ts";
export { AuthkitAuthenticate } from "./components/authenticate/index.ts";
export { AuthkitRegister } from "./components/register/index.ts";
export { AuthkitPasskey } from "./components/passkey/index.ts";
export { AuthkitQr } from "./components/qr/index.ts";
export { AuthkitStatus } from "./components/status/index.ts";
export type * from "./components/events.ts";
export type { ThemeSetting } from "./components/base/theme.ts";

declare global {
  interface Window {
    /** The AuthKit class, for pages that load the SDK with a plain script tag. */
    AuthKit: typeof AuthKit;
  }
}

if (typeof window !== "undefined") window.AuthKit = AuthKit;
