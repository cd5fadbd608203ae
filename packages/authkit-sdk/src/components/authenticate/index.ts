import { AuthkitAuthenticate } from "./authenticate.component.ts";

export { AuthkitAuthenticate };

if (!customElements.get("authkit-authenticate"))
  customElements.define("authkit-authenticate", AuthkitAuthenticate);

declare global {
  interface HTMLElementTagNameMap {
    "authkit-authenticate": AuthkitAuthenticate;
  }
}
