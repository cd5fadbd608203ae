import { html, type PropertyValues, type TemplateResult, type PropertyDeclarations } from "lit";
import { AuthKitError, toAuthKitError } from "../../core/errors.ts";
import type { PrfMode } from "../../core/types.ts";
import { attachmentSetting, requestedAttachment } from "../../detection/attachment.ts";
import { browserEnvironment, type DetectionEnvironment } from "../../detection/environment.ts";
import { detectMode, requestedMode, type ModeDecision } from "../../detection/mode.ts";
import type { FrameHost } from "../../embed/frame-host.ts";
import { AuthkitElement } from "../base/authkit-element.ts";
import { keyIcon, qrIcon } from "../base/icons.ts";
import type { Messages } from "../../i18n/index.ts";
import { PromptStall } from "../base/prompt-stall.ts";
import { registerOrThrow, StepUpController, stepUpStyles } from "../base/step-up.ts";
import { themeVariables } from "../base/theme.ts";
import { fetchFromTokenUrl } from "../base/token-url.ts";
import { registerFrame } from "./register-frame.ts";
import { buttons, panel, tokens } from "../base/tokens.styles.ts";
import type { ComponentErrorDetail, RegisterEvents, RegisterSuccessDetail, StatusKind } from "../events.ts";
import "../qr/index.ts";
import "../status/index.ts";
import { registerStyles } from "./register.styles.ts";
import { cancelCeremony } from "../../webauthn/ceremony.ts";

type QrPosition = "above" | "below" | "left" | "right";

/** The status line while the browser's prompt is open: what really happens for that kind. */
function promptMessage(t: Messages, attachment: AuthenticatorAttachment | undefined): string {
  if (attachment === "platform") return t.promptPlatform;
  if (attachment === "cross-platform") return t.promptCrossPlatform;
  return t.promptAny;
}
const POSITIONS: readonly string[] = ["above", "below", "left", "right"];

/**
 * Creates a passkey for one user of the tenant, with a user token (`token`) or one fetched on
 * click from your server (`assertion-url`). Passkey mode runs on this page; QR mode shows a QR code
 * (in a popover, or inline) that the person scans with a phone.
 *
 * @event mode-detected - `{ mode, reason }` once detection is done.
 * @event success - `{ passkeyId?, user?, prfOutput?, capabilities? }` when the passkey was stored.
 * @event error - `{ error, code }`.
 * @event expired - `{}` when the QR code expired.
 * @csspart button - The main button.
 * @csspart icon - Its icon.
 * @csspart label - Its text.
 * @csspart spinner - Shown in the button while busy.
 * @csspart status - The status line (absent with `silent`).
 * @csspart popover - The QR popover.
 * @csspart frame - The /register-embed iframe (QR with assertion-url).
 * @csspart panel - The 'Authentication Unavailable' panel.
 * @cssprop --authkit-primary - Button background.
 * @cssprop --authkit-radius - Corner radius.
 * @cssprop --authkit-surface - Popover background.
 * @cssprop --authkit-border - Popover border.
 */
export class AuthkitRegister extends AuthkitElement<RegisterEvents> {
  static override styles = [tokens, buttons, panel, stepUpStyles, registerStyles];
  static override properties: PropertyDeclarations = {
    token: {},
    assertionUrl: { attribute: "assertion-url" },
    mode: {},
    label: {},
    name: {},
    qrPosition: { attribute: "qr-position" },
    qrInline: { type: Boolean, attribute: "qr-inline" },
    prf: {},
    prfCallback: { attribute: "prf-callback" },
    authenticatorAttachment: { attribute: "authenticator-attachment" },
    timeout: { type: Number },
    decision: { state: true },
    phoneInstead: { state: true },
    busy: { state: true },
    open: { state: true },
    qrToken: { state: true },
    status: { state: true },
    message: { state: true },
  };

  /** User token from POST /api/v1/user-token. Either this or `assertion-url`. */
  token = "";
  /** URL on your server answering `{ userToken }`, fetched on click with cookies. */
  assertionUrl = "";
  /** 'auto' (default), 'passkey', 'qr' or 'qr-desktop'. */
  mode = "auto";
  /** Button text (default 'Create Passkey'; 'Create Passkey via QR Code' in QR mode). */
  label = "";
  /** Display name of the new passkey ('' lets the server name it after the authenticator). */
  name = "";
  /** Where the QR popover opens: 'above', 'below' (default), 'left' or 'right'. */
  qrPosition: QrPosition = "below";
  /** Render the QR at once, without a popover. */
  qrInline = false;
  /** 'event', 'callback' or 'both': evaluate PRF at creation. */
  prf: PrfMode | "" = "";
  /** URL that receives `POST {challengeId, prfOutput, capabilities}` with cookies (prf callback, both). */
  prfCallback = "";
  /**
   * Where the passkey may live: 'platform' (this device), 'cross-platform' (a security key or a
   * phone) or 'any'. Beats the detection; the tenant's `registration_attachment` beats both.
   */
  authenticatorAttachment: "" | "platform" | "cross-platform" | "any" = "";
  /** ms to wait for the /register-embed iframe. */
  timeout = 30_000;

  /** The environment mode detection looks at (tests inject one). */
  environment: DetectionEnvironment = browserEnvironment();

  private decision: ModeDecision | undefined;

  /** The mode chosen, once detection is done (also reported by `mode-detected`). */
  get detectedMode(): ModeDecision | undefined {
    return this.decision;
  }
  private busy = false;
  private open = false;
  private qrToken = "";
  private status: StatusKind = "idle";
  private message = "";
  /** The person chose their phone while the browser's prompt was open: QR from now on. */
  private phoneInstead = false;
  #switchingToPhone = false;
  #frame: FrameHost | undefined;
  #detection = 0;
  /** The browser's prompt, unanswered for a while, turns the status into "use your phone instead". */
  readonly #stall = new PromptStall();
  /** A second passkey of the account may ask "Confirm it's you" first (the shared step-up). */
  readonly #stepUp = new StepUpController(this);

  protected override missingAttributes(): string[] {
    const missing = super.missingAttributes();
    if (!this.token && !this.assertionUrl) missing.push("token or assertion-url");
    if ((this.prf === "callback" || this.prf === "both") && !this.prfCallback) missing.push("prf-callback");
    return missing;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener("pointerdown", this.#onOutside, true);
    document.addEventListener("keydown", this.#onKeydown);
    void this.#detect();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener("pointerdown", this.#onOutside, true);
    document.removeEventListener("keydown", this.#onKeydown);
    this.#stall.stop();
    this.#closeQr();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const later = (key: string) => changed.has(key) && changed.get(key) !== undefined;
    if (later("apiBaseUrl") || later("mode") || later("token") || later("assertionUrl")) void this.#detect();
  }

  async #detect(): Promise<void> {
    const run = ++this.#detection;
    await this.updateComplete;
    if (run !== this.#detection) return;
    this.#closeQr();
    this.decision = undefined;
    this.phoneInstead = false;
    // Events wait a task, so listeners a framework adds right after mounting hear them.
    await new Promise((resolve) => setTimeout(resolve));
    if (run !== this.#detection) return;
    if (this.missingAttributes().length) {
      const error = new AuthKitError("configuration_error", this.missingMessage(this.missingAttributes()));
      this.emit("error", { error, code: error.code });
      return;
    }
    const decision = await detectMode(this.environment, requestedMode(this.mode), "register");
    if (run !== this.#detection) return;
    this.decision = decision;
    this.emit("mode-detected", decision);
    if (decision.mode === "qr" && this.qrInline) void this.#openQr();
  }

  /** The user token: the attribute, or fetched from `assertion-url` (with cookies) just in time. */
  #userToken(): Promise<string> {
    return this.token
      ? Promise.resolve(this.token)
      : fetchFromTokenUrl(this.authKit(), "assertion-url", this.assertionUrl, "userToken");
  }

  /** Creates the passkey on this device (passkey mode; what the button does). */
  async register(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.#setStatus("loading", this.t.preparingPasskey);
    try {
      // One token for the step-up and the registration: the step-up counts for that token only.
      const auth = this.authKit(await this.#userToken());
      const options = {
        name: this.name,
        authenticatorAttachment: await requestedAttachment(
          this.environment,
          attachmentSetting(this.authenticatorAttachment),
        ),
        prf: this.prf || undefined,
        prfCallback: this.prfCallback || undefined,
        onPrompt: (attachment: AuthenticatorAttachment | undefined) => {
          this.#setStatus("loading", promptMessage(this.t, attachment));
          this.#stall.start(() => this.#setStatus("notice", this.t.promptStalledRegister));
        },
      };
      const { success: _success, ...result } = await this.#stepUp.run(
        auth,
        () => registerOrThrow(auth, options),
        () => this.#setStatus("loading", this.t.promptAny),
      );
      this.#setStatus("success", this.t.passkeyCreated);
      this.emit("success", result);
    } catch (thrown) {
      this.#failed(toAuthKitError(thrown));
    } finally {
      this.#stall.stop();
      this.busy = false;
    }
    if (this.#switchingToPhone) {
      this.#switchingToPhone = false;
      this.phoneInstead = true;
      this.#setStatus("idle", "");
      void this.#openQr();
    }
  }

  /** Closes the browser's prompt and shows a QR code for the phone instead. */
  #usePhone() {
    if (!this.busy) {
      this.phoneInstead = true;
      this.#setStatus("idle", "");
      void this.#openQr();
      return;
    }
    this.#switchingToPhone = true;
    cancelCeremony();
  }

  #failed(error: AuthKitError) {
    // The person chose their phone: the cancelled prompt is not an error to show.
    if (this.#switchingToPhone && error.code === "user_cancelled") return;
    this.#setStatus("error", this.describe(error, "registration"));
    this.emit("error", { error, code: error.code });
    if (error.serverCode === "token_expired") this.emit("expired", {});
  }

  #setStatus(status: StatusKind, message: string) {
    this.status = status;
    this.message = message;
  }

  async #openQr(): Promise<void> {
    this.open = true;
    if (this.assertionUrl && !this.token) {
      this.busy = true;
      try {
        const token = await this.#userToken();
        this.#openFrame(token);
      } catch (thrown) {
        this.open = false;
        this.#failed(toAuthKitError(thrown));
      } finally {
        this.busy = false;
      }
    } else {
      this.qrToken = this.token;
    }
  }

  #closeQr() {
    this.open = false;
    this.qrToken = "";
    this.#frame?.dispose();
    this.#frame = undefined;
  }

  #openFrame(token: string) {
    this.#frame = registerFrame({
      apiBaseUrl: this.apiBaseUrl,
      timeout: this.timeout,
      title: this.t.phoneDialogLabel,
      lang: this.locale,
      init: () => ({
        type: "init",
        token,
        name: this.name,
        silent: this.silent,
        debug: this.debug,
        theme: this.themeController.resolved,
        vars: themeVariables(this),
        lang: this.locale,
        ...(this.messages ? { messages: this.messages } : {}),
      }),
      onResize: (height) =>
        this.style.setProperty("--_frame-height", `${Math.max(0, Math.min(2000, height))}px`),
      onSuccess: (result) => this.#qrSuccess(result),
      onError: (error) => {
        if (error.code === "server_unreachable") this.#closeQr();
        this.#failed(error);
      },
      onExpired: () => this.emit("expired", {}),
    });
    this.requestUpdate();
  }

  #qrSuccess(detail: RegisterSuccessDetail) {
    this.#setStatus("success", this.t.passkeyCreatedOnPhone);
    this.emit("success", detail);
  }

  readonly #onOutside = (event: Event) => {
    if (this.open && !this.qrInline && !event.composedPath().includes(this)) this.#closeQr();
  };

  readonly #onKeydown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !this.open || this.qrInline) return;
    this.#closeQr();
    this.renderRoot.querySelector<HTMLButtonElement>("button.main")?.focus();
  };

  #toggleQr() {
    if (this.open) this.#closeQr();
    else void this.#openQr();
  }

  #qrContent(): TemplateResult | null {
    if (this.#frame) return html`${this.#frame.iframe}`;
    if (!this.qrToken) return null;
    return html`<authkit-qr
      exportparts="card: qr-card, qr, qr-image, caption"
      api-base-url=${this.apiBaseUrl}
      purpose="register"
      .name=${this.name}
      .token=${this.qrToken}
      .lang=${this.locale}
      .messages=${this.messages}
      auto-start
      show-controls="false"
      ?debug=${this.debug}
      theme=${this.themeController.resolved}
      @success=${(event: CustomEvent<RegisterSuccessDetail>) => this.#qrSuccess(event.detail)}
      @error=${(event: CustomEvent<ComponentErrorDetail>) => this.emit("error", event.detail)}
      @expired=${() => this.emit("expired", {})}
    ></authkit-qr>`;
  }

  protected override render() {
    const missing = this.missingAttributes();
    if (missing.length) return this.renderUnavailable(this.missingMessage(missing));
    const decision = this.decision;
    if (decision?.mode === "unavailable") {
      return this.renderUnavailable(
        decision.reason === "insecure_mobile" ? this.t.needsHttpsRegister : this.t.noWebAuthnRegister,
      );
    }
    const qr = decision?.mode === "qr" || this.phoneInstead;
    const label = this.label || (qr ? this.t.registerQrLabel : this.t.registerLabel);
    const button = html`<button
      class="button primary-button main"
      part="button"
      type="button"
      ?disabled=${!decision || this.busy}
      aria-busy=${this.busy ? "true" : "false"}
      aria-expanded=${qr && !this.qrInline ? String(this.open) : null}
      aria-controls=${qr && !this.qrInline ? "qr-popover" : null}
      @click=${() => (qr ? this.#toggleQr() : void this.register())}
    >
      ${this.busy && !this.#stepUp.open ? html`<span class="spinner" part="spinner" aria-hidden="true"></span>` : qr ? qrIcon : keyIcon}
      <span part="label">${label}</span>
    </button>`;
    const status =
      this.silent || this.#stepUp.open
        ? null
        : html`<authkit-status
            part="status"
            theme=${this.themeController.resolved}
            .status=${this.status}
            .message=${this.message}
          ></authkit-status>`;
    // While the browser's prompt is open on a computer, and after it failed, a way out to the phone
    // (a desktop with no authenticator, or the wrong kind, would otherwise wait for the prompt's
    // five-minute timeout, or have nothing to try next).
    const phone =
      (this.busy || this.status === "error") &&
      !qr &&
      !this.#stepUp.open &&
      decision?.reason !== "mobile" &&
      decision?.reason !== "ios_direct"
        ? html`<button class="link-button" part="phone-button" type="button" @click=${() => this.#usePhone()}>
            ${qrIcon}<span>${this.t.usePhoneInstead}</span>
          </button>`
        : null;
    if (qr && this.qrInline) {
      return html`<div class="anchor">${this.open ? this.#qrContent() : button}${status}</div>`;
    }
    return html`<div class="anchor">
      <div class="trigger">
        ${button}
        ${
          qr && this.open
            ? html`<div
                id="qr-popover"
                class="popover ${POSITIONS.includes(this.qrPosition) ? this.qrPosition : "below"}"
                part="popover"
                role="dialog"
                aria-label=${this.t.phoneDialogLabel}
              >
                ${this.#qrContent()}
              </div>`
            : null
        }
      </div>
      ${this.#stepUp.render(this.t)}${status}${phone}
    </div>`;
  }
}
