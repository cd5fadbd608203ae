import { AuthkitLogin } from "./login.component.ts";
// The box's "Use your phone" view is <authkit-qr>, which `@org/authkit-sdk/components` and the script
// tag define (not imported here: the lazy chunk would carry a second copy of the QR flow).

export { AuthkitLogin };

if (!customElements.get("authkit-login")) customElements.define("authkit-login", AuthkitLogin);

declare global {
  interface HTMLElementTagNameMap {
    "authkit-login": AuthkitLogin;
  }
}
