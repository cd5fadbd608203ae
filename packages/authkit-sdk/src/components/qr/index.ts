import { AuthkitQr } from "./qr.component.ts";

export { AuthkitQr };

if (!customElements.get("authkit-qr")) customElements.define("authkit-qr", AuthkitQr);

declare global {
  interface HTMLElementTagNameMap {
    "authkit-qr": AuthkitQr;
  }
}
