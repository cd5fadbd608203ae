import { html, type PropertyValues, type PropertyDeclarations } from "lit";
import { AuthKitError } from "../../core/errors.ts";
import { browserEnvironment, type DetectionEnvironment } from "../../detection/environment.ts";
import { detectMode, requestedMode, type ModeDecision } from "../../detection/mode.ts";
import { FrameHost } from "../../embed/frame-host.ts";
import type { FrameMessage } from "../../embed/protocol.ts";
import { AuthkitElement } from "../base/authkit-element.ts";
import { themeVariables, type ResolvedTheme } from "../base/theme.ts";
import { buttons, panel, tokens } from "../base/tokens.styles.ts";
import type { AuthenticateEvents, AuthenticateSuccessDetail, PasskeySuccessDetail } from "../events.ts";
import "../passkey/index.ts";
import type { PrfMode } from "../../core/types.ts";
import { authenticateStyles } from "./authenticate.styles.ts";

/**
 * Passkey sign-in for a tenant's page. Detects the mode (passkey, QR, unavailable), then runs the
 * login in a cross-origin iframe on the auth server's `/auth-embed` (the passkey button lives
 * there); on iOS before 18 it signs in directly on the page. Needs a session token.
 *
 * @event ready - The iframe loaded and is interactive (or, direct on iOS < 18, the button is shown).
 * @event mode-detected - `{ mode, reason }` once detection is done.
 * @event success - `{ challengeId, user?, prfOutput?, capabilities? }`: send `challengeId` to your server for verify-auth.
 * @event error - `{ error, code }`.
 * @event expired - `{}`: the session token (or QR code) expired; set a fresh `token`.
 * @csspart frame - The iframe.
 * @csspart panel - The 'Authentication Unavailable' or error panel.
 * @csspart message - The panel's text.
 * @csspart placeholder - Shown while the iframe loads.
 * @cssprop --authkit-primary - Button background (forwarded into the iframe, like every `--authkit-*` property).
 * @cssprop --authkit-radius - Corner radius.
 * @cssprop --authkit-font-family - Font (the iframe can only use fonts installed on the device).
 */
export class AuthkitAuthenticate extends AuthkitElement<AuthenticateEvents> {
  static override styles = [tokens, buttons, panel, authenticateStyles];
  static override properties: PropertyDeclarations = {
    token: {},
    mode: {},
    label: {},
    prf: {},
    prfCallback: { attribute: "prf-callback" },
    timeout: { type: Number },
    decision: { state: true },
    ready: { state: true },
    failure: { state: true },
  };

  /** Session token from POST /api/v1/session-token. Required. */
  token = "";
  /** 'auto' (default), 'passkey', 'qr' or 'qr-desktop'. */
  mode = "auto";
  /** Button text (default 'Sign in with Passkey'). */
  label = "Sign in with Passkey";
  /** 'event', 'callback' or 'both': get the PRF output of the tenant's salt. */
  prf: PrfMode | "" = "";
  /** URL that receives `POST {challengeId, prfOutput, capabilities}` with cookies (prf callback, both). */
  prfCallback = "";
  /** ms to wait for the iframe before reporting `server_unreachable`. */
  timeout = 30_000;

  /** The environment mode detection looks at (tests inject one). */
  environment: DetectionEnvironment = browserEnvironment();

  private decision: ModeDecision | undefined;
  private ready = false;
  private failure = "";
  #frame: FrameHost | undefined;
  #detection = 0;

  protected override missingAttributes(): string[] {
    const missing = [...super.missingAttributes(), ...(this.token ? [] : ["token"])];
    if ((this.prf === "callback" || this.prf === "both") && !this.prfCallback) missing.push("prf-callback");
    return missing;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.#detect();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#closeFrame();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    // Initial values arrive with `undefined` as their previous value; only later changes count here.
    const later = (key: string) => changed.has(key) && changed.get(key) !== undefined;
    if (later("apiBaseUrl") || later("mode") || later("prf") || later("prfCallback")) {
      void this.#detect();
    } else if (later("token")) {
      // A fresh token (after `expired`): hand it to the iframe, or start over if there was none.
      if (this.#frame && this.ready) this.#frame.post(this.#initMessage());
      else void this.#detect();
    }
  }

  protected override themeChanged(theme: ResolvedTheme): void {
    this.#frame?.post({ type: "theme", theme, vars: themeVariables(this) });
  }

  async #detect(): Promise<void> {
    const run = ++this.#detection;
    await this.updateComplete;
    if (run !== this.#detection) return;
    this.#closeFrame();
    this.decision = undefined;
    this.ready = false;
    this.failure = "";
    if (this.missingAttributes().length) {
      const error = new AuthKitError("configuration_error", this.missingMessage(this.missingAttributes()));
      await this.updateComplete;
      this.emit("error", { error, code: error.code });
      return;
    }
    const decision = await detectMode(this.environment, requestedMode(this.mode), "authenticate");
    if (run !== this.#detection) return;
    this.decision = decision;
    this.emit("mode-detected", decision);
    if (decision.mode === "unavailable") return;
    if (decision.reason === "ios_direct") {
      await this.updateComplete;
      this.ready = true;
      this.emit("ready");
      return;
    }
    this.#openFrame(decision);
  }

  #initMessage() {
    return {
      type: "init" as const,
      token: this.token,
      ...(this.decision ? { mode: this.decision } : {}),
      label: this.label,
      prf: Boolean(this.prf),
      silent: this.silent,
      debug: this.debug,
      theme: this.themeController.resolved,
      vars: themeVariables(this),
    };
  }

  #openFrame(decision: ModeDecision) {
    this.#frame = new FrameHost({
      apiBaseUrl: this.apiBaseUrl,
      path: "auth-embed",
      timeout: this.timeout,
      init: () => this.#initMessage(),
      onMessage: (message) => void this.#onFrameMessage(message),
      onTimeout: () => {
        this.#closeFrame();
        this.failure = "Can't reach the sign-in service. Check your connection and try again.";
        const error = new AuthKitError(
          "server_unreachable",
          `The sign-in frame did not answer within ${this.timeout} ms.`,
        );
        this.emit("error", { error, code: error.code });
      },
    });
    this.#frame.iframe.classList.add("pending");
    this.#frame.iframe.title = decision.mode === "qr" ? "Sign in with your phone" : "Sign in with a passkey";
    this.requestUpdate();
  }

  #closeFrame() {
    this.#frame?.dispose();
    this.#frame = undefined;
  }

  async #onFrameMessage(message: FrameMessage): Promise<void> {
    switch (message.type) {
      case "ready":
        this.ready = true;
        this.#frame?.iframe.classList.remove("pending");
        this.emit("ready");
        break;
      case "resize":
        this.style.setProperty("--_frame-height", `${Math.max(0, Math.min(2000, message.height))}px`);
        break;
      case "success":
        await this.#succeeded({
          challengeId: message.challengeId ?? "",
          ...(message.user ? { user: message.user } : {}),
          ...(message.prfOutput ? { prfOutput: message.prfOutput } : {}),
          ...(message.capabilities ? { capabilities: message.capabilities } : {}),
        });
        break;
      case "error": {
        const error = new AuthKitError(message.code, message.message, {
          retryAfter: message.retryAfter,
          serverCode: message.serverCode,
        });
        this.emit("error", { error, code: error.code });
        break;
      }
      case "expired":
        this.emit("expired", {});
        break;
    }
  }

  /** Hands the PRF output over as configured, then fires `success`. */
  async #succeeded(detail: AuthenticateSuccessDetail): Promise<void> {
    const { prfOutput, ...rest } = detail;
    if (this.prf === "callback" || this.prf === "both") {
      try {
        await this.authKit().request({
          path: new URL(this.prfCallback, location.href).href,
          body: {
            challengeId: detail.challengeId,
            prfOutput,
            capabilities: detail.capabilities ?? { prf: false },
          },
          token: null,
        });
      } catch (thrown) {
        const { error, code } = this.errorDetail(thrown);
        this.emit("error", { error, code });
        return;
      }
    }
    const withPrf = this.prf === "event" || this.prf === "both";
    this.emit("success", { ...rest, ...(withPrf && prfOutput ? { prfOutput } : {}) });
  }

  #direct(event: CustomEvent<PasskeySuccessDetail>) {
    const { challengeId = "", user, prfOutput, capabilities } = event.detail;
    void this.#succeeded({
      challengeId,
      ...(user ? { user } : {}),
      ...(prfOutput ? { prfOutput } : {}),
      ...(capabilities ? { capabilities } : {}),
    });
  }

  protected override render() {
    const missing = this.missingAttributes();
    if (missing.length) return this.renderUnavailable(this.missingMessage(missing));
    if (this.failure) {
      return this.renderErrorPanel("Sign-in unavailable", this.failure, () => void this.#detect());
    }
    const decision = this.decision;
    if (!decision) return this.#placeholder("Preparing sign-in…");
    if (decision.mode === "unavailable") {
      return this.renderUnavailable(
        decision.reason === "insecure_mobile"
          ? "Passkey sign-in needs a secure (HTTPS) connection."
          : "This browser does not support passkey sign-in.",
      );
    }
    if (decision.reason === "ios_direct") {
      return html`<authkit-passkey
        exportparts="button, label, icon, status"
        api-base-url=${this.apiBaseUrl}
        .token=${this.token}
        .label=${this.label}
        .prf=${Boolean(this.prf)}
        ?silent=${this.silent}
        ?debug=${this.debug}
        theme=${this.themeController.resolved}
        @success=${this.#direct}
        @error=${(event: CustomEvent<AuthenticateEvents["error"]>) => this.emit("error", event.detail)}
      ></authkit-passkey>`;
    }
    return html`${this.ready ? null : this.#placeholder(decision.mode === "qr" ? "Loading QR code…" : "Loading…")}${
      this.#frame?.iframe
    }`;
  }

  #placeholder(text: string) {
    return html`<div class="placeholder" part="placeholder" aria-busy="true">
      <span class="spinner" aria-hidden="true"></span><span>${text}</span>
    </div>`;
  }
}
