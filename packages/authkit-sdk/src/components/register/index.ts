import { AuthkitRegister } from "./register.component.ts";

export { AuthkitRegister };

if (!customElements.get("authkit-register")) customElements.define("authkit-register", AuthkitRegister);

declare global {
  interface HTMLElementTagNameMap {
    "authkit-register": AuthkitRegister;
  }
}
