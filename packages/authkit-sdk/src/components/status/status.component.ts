import { html, nothing, type PropertyDeclarations } from "lit";
import { AuthkitElement } from "../base/authkit-element.ts";
import { checkIcon, errorIcon, warningIcon } from "../base/icons.ts";
import { buttons, tokens } from "../base/tokens.styles.ts";
import type { StatusEvents, StatusKind } from "../events.ts";
import { statusStyles } from "./status.styles.ts";

const KINDS: readonly StatusKind[] = ["idle", "loading", "notice", "success", "error"];

/**
 * A status line for authentication flows, announced to screen readers (`aria-live`). Hidden while idle.
 *
 * @event status-change - `{ status, message }` whenever the status or message changes.
 * @csspart status - The line (icon or spinner, then the message).
 * @csspart icon - The notice, success or error icon.
 * @csspart spinner - The loading spinner.
 * @cssprop --authkit-success - Colour of a success status.
 * @cssprop --authkit-danger - Colour of an error status.
 * @cssprop --authkit-muted - Colour of a loading status.
 */
export class AuthkitStatus extends AuthkitElement<StatusEvents> {
  static override styles = [tokens, buttons, statusStyles];
  static override properties: PropertyDeclarations = {
    status: { reflect: true },
    message: {},
  };

  /** 'idle' | 'loading' | 'notice' | 'success' | 'error'. */
  status: StatusKind = "idle";
  /** The text shown next to the icon. */
  message = "";

  /** Sets status and message together. */
  setStatus(status: StatusKind, message = ""): void {
    this.status = KINDS.includes(status) ? status : "idle";
    this.message = message;
  }

  /** Back to idle (hidden). */
  clear(): void {
    this.setStatus("idle", "");
  }

  protected override updated(changed: Map<string, unknown>): void {
    super.updated(changed);
    if (changed.has("status") || changed.has("message")) {
      const first = changed.get("status") === undefined && changed.get("message") === undefined;
      if (first && this.status === "idle" && !this.message) return;
      this.emit("status-change", { status: this.status, message: this.message });
    }
  }

  protected override render() {
    const visible = this.status !== "idle";
    const icon =
      this.status === "loading"
        ? html`<span class="spinner" part="spinner" aria-hidden="true"></span>`
        : this.status === "success"
          ? checkIcon
          : this.status === "error"
            ? errorIcon
            : this.status === "notice"
              ? warningIcon
              : nothing;
    return html`<div class="status" part="status" role="status" aria-live="polite">
      ${visible ? html`${icon}<span>${this.message}</span>` : nothing}
    </div>`;
  }
}
