import { html, type TemplateResult, type PropertyDeclarations } from "lit";
import type { AuthKitError } from "../../core/errors.ts";
import type { QRSession, QRStatus, QRSuccessDetail } from "../../core/types.ts";
import { AuthkitElement } from "../base/authkit-element.ts";
import { checkIcon, errorIcon, qrIcon, refreshIcon, warningIcon } from "../base/icons.ts";
import { buttons, panel, tokens } from "../base/tokens.styles.ts";
import type { QREvents } from "../events.ts";
import { qrStyles } from "./qr.styles.ts";

type Phase = "idle" | "loading" | "showing" | "scanned" | "completed" | "expired" | "error";

/** A boolean attribute that defaults to true: absent or anything but "false" is true. */
const defaultTrue = {
  fromAttribute: (value: string | null) => value !== "false",
  toAttribute: (value: boolean) => String(value),
};

/**
 * A QR code for cross-device login (or registration): the person scans it with a phone, which
 * runs the passkey step; the status follows live.
 *
 * @event qr-generated - `{ qrUrl, challengeId }` when a QR code is shown.
 * @event status-change - `{ status, message? }` on every challenge status change.
 * @event success - `{ redirectUrl?, user?, challengeId?, passkeyId? }` when the phone completed
 *   (`challengeId`, for a login, is what the tenant's server passes to verify-auth).
 * @event error - `{ error, code }`.
 * @event expired - `{}` when the QR code expired.
 * @event refreshed - `{}` when a new QR code replaced the old one.
 * @event cancelled - `{}` after `cancel()`.
 * @csspart card - The container.
 * @csspart qr - The white frame around the QR image.
 * @csspart qr-image - The QR image.
 * @csspart caption - The instruction under the QR.
 * @csspart controls - The Refresh and Cancel buttons.
 * @csspart button - Each button.
 * @cssprop --authkit-surface - Card background.
 * @cssprop --authkit-border - Card border.
 * @cssprop --authkit-radius - Corner radius.
 */
export class AuthkitQr extends AuthkitElement<QREvents> {
  static override styles = [tokens, buttons, panel, qrStyles];
  static override properties: PropertyDeclarations = {
    token: {},
    autoStart: { type: Boolean, attribute: "auto-start" },
    showControls: { attribute: "show-controls", converter: defaultTrue },
    purpose: {},
    name: {},
    phase: { state: true },
    qrUrl: { state: true },
    errorText: { state: true },
  };

  /** Session token (login) or user token (registration), sent as Bearer. */
  token = "";
  /** Generate the QR as soon as the element is connected. */
  autoStart = false;
  /** Show the Refresh and Cancel buttons (default true; `show-controls="false"` hides them). */
  showControls = true;
  /** 'authenticate' (default) or 'register' (the phone creates a passkey for the token's user). */
  purpose: "authenticate" | "register" = "authenticate";
  /** Registration: the new passkey's name. */
  name = "";

  private phase: Phase = "idle";
  private qrUrl = "";
  private errorText = "";
  #session: QRSession | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.autoStart && this.phase === "idle" && !this.missingAttributes().length) void this.startAuth();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#session?.cancel();
  }

  protected override missingAttributes(): string[] {
    return [...super.missingAttributes(), ...(this.token ? [] : ["token"])];
  }

  /** Shows a QR code and watches it (login, or registration when `purpose="register"`). */
  async startAuth(): Promise<void> {
    this.#session?.cancel();
    this.phase = "loading";
    const auth = this.authKit(this.token);
    const callbacks = {
      onQRGenerated: (qrUrl: string, challengeId: string) => {
        const first = this.phase === "loading";
        this.qrUrl = qrUrl;
        this.phase = "showing";
        this.emit("qr-generated", { qrUrl, challengeId });
        if (!first) this.emit("refreshed", {});
      },
      onStatusChange: (status: QRStatus, message?: string) => {
        if (status === "scanned") this.phase = "scanned";
        this.emit("status-change", { status, ...(message ? { message } : {}) });
      },
      onSuccess: (_redirectUrl?: string, _user?: QREvents["success"]["user"], result?: QRSuccessDetail) => {
        this.phase = "completed";
        this.emit("success", { ...result });
      },
      onError: (error: AuthKitError) => {
        this.phase = "error";
        this.errorText = this.describe(error, this.purpose === "register" ? "registration" : "sign-in");
        this.emit("error", { error, code: error.code });
      },
      onExpired: () => {
        this.phase = "expired";
        this.emit("expired", {});
      },
    };
    const origin = this.pageOrigin ? { origin: this.pageOrigin } : {};
    try {
      this.#session =
        this.purpose === "register"
          ? await auth.qr.startRegister({ ...callbacks, ...origin, name: this.name })
          : await auth.qr.startAuth({ ...callbacks, ...origin });
    } catch {
      // onError has already reported it.
    }
  }

  /** Replaces the QR code with a new one. */
  async refresh(): Promise<void> {
    if (!this.#session) return this.startAuth();
    this.phase = "loading";
    await this.#session.refresh().catch(() => undefined);
  }

  /** Stops watching and hides the QR code. */
  cancel(): void {
    this.#session?.cancel();
    this.#session = undefined;
    this.phase = "idle";
    this.emit("cancelled", {});
  }

  #button(label: string, icon: TemplateResult | null, onClick: () => void, variant = "secondary-button") {
    return html`<button class="button ${variant}" part="button" type="button" @click=${onClick}>
      ${icon}<span>${label}</span>
    </button>`;
  }

  #state(kind: "success" | "error" | "", icon: TemplateResult, title: string, text: string) {
    return html`<div class="frame state ${kind}" part="qr">${icon}</div>
      <p class="caption" part="caption" role="status" aria-live="polite">
        <strong>${title}</strong>${text}
      </p>`;
  }

  protected override render() {
    const missing = this.missingAttributes();
    if (missing.length) return this.renderUnavailable(this.missingMessage(missing));
    const registering = this.purpose === "register";
    const t = this.t;
    if (this.phase === "idle") {
      return this.#button(
        registering ? t.registerQrLabel : t.signInWithPhone,
        qrIcon,
        () => void this.startAuth(),
      );
    }
    let body: TemplateResult;
    switch (this.phase) {
      case "loading":
        body = html`<div class="frame" part="qr" aria-busy="true">
            <span class="spinner" part="spinner" aria-hidden="true"></span>
          </div>
          <p class="caption" part="caption" role="status" aria-live="polite">${t.generatingQr}</p>`;
        break;
      case "showing":
        body = html`<div class="frame" part="qr">
            <img part="qr-image" src=${this.qrUrl} alt=${t.qrAlt} width="200" height="200" />
          </div>
          <p class="caption" part="caption" role="status" aria-live="polite">
            <strong>${t.scanTitle}</strong>${registering ? t.scanToRegister : t.scanToSignIn}
          </p>`;
        break;
      case "scanned":
        // The QR is replaced by a spinner while the phone runs the passkey step.
        body = this.#state(
          "",
          html`<span class="spinner" part="spinner" aria-hidden="true"></span>`,
          t.scannedTitle,
          t.scannedText,
        );
        break;
      case "completed":
        body = this.#state(
          "success",
          checkIcon,
          registering ? t.qrDoneRegister : t.qrDoneSignIn,
          t.qrDoneText,
        );
        break;
      case "expired":
        body = this.#state("", warningIcon, t.qrExpiredTitle, t.qrExpiredText);
        break;
      default:
        body = this.#state("error", errorIcon, t.somethingWrong, this.errorText);
    }
    const retry = this.phase === "expired" || this.phase === "error";
    const controls =
      this.showControls && this.phase !== "completed" && this.phase !== "scanned"
        ? html`<div class="controls" part="controls">
            ${this.#button(retry ? t.newQr : t.refresh, refreshIcon, () => void this.refresh(), retry ? "primary-button" : "secondary-button")}
            ${this.#button(t.cancel, null, () => this.cancel())}
          </div>`
        : retry
          ? html`<div class="controls" part="controls">
              ${this.#button(t.newQr, refreshIcon, () => void this.refresh(), "primary-button")}
            </div>`
          : null;
    return html`<div class="card" part="card">${body}${controls}</div>`;
  }
}
