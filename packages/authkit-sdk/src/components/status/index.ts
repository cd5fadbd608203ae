import { AuthkitStatus } from "./status.component.ts";

export { AuthkitStatus };

if (!customElements.get("authkit-status")) customElements.define("authkit-status", AuthkitStatus);

declare global {
  interface HTMLElementTagNameMap {
    "authkit-status": AuthkitStatus;
  }
}
