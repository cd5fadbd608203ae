import { AuthkitPasskeys } from "./passkeys.component.ts";

export { AuthkitPasskeys };

if (!customElements.get("authkit-passkeys")) customElements.define("authkit-passkeys", AuthkitPasskeys);

declare global {
  interface HTMLElementTagNameMap {
    "authkit-passkeys": AuthkitPasskeys;
  }
}
