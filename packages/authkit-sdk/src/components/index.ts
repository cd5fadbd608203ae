// Every element, defined on import (`@org/authkit-sdk/components`), with the types of its events.
export { AuthkitAuthenticate } from "./authenticate/index.ts";
export { AuthkitRegister } from "./register/index.ts";
export { AuthkitPasskey } from "./passkey/index.ts";
export { AuthkitPasskeys } from "./passkeys/index.ts";
export { AuthkitQr } from "./qr/index.ts";
export { AuthkitStatus } from "./status/index.ts";
// <authkit-login> is a lazy chunk, loaded once the page has one (or `import "…/components/login"`).
export type { AuthkitLogin } from "./login/login.component.ts";
export { loadLogin } from "./login/lazy.ts";
import { loadLoginWhenUsed } from "./login/lazy.ts";
loadLoginWhenUsed();
export type * from "./events.ts";
export type { ThemeSetting } from "./base/theme.ts";
export type { DetectedMode, ModeDecision, ModeReason, RequestedMode } from "../detection/mode.ts";
export type { AttachmentSetting } from "../detection/attachment.ts";
