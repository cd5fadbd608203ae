import { AuthkitPasskey } from "./passkey.component.ts";

export { AuthkitPasskey };

if (!customElements.get("authkit-passkey")) customElements.define("authkit-passkey", AuthkitPasskey);

declare global {
  interface HTMLElementTagNameMap {
    "authkit-passkey": AuthkitPasskey;
  }
}
