import { html, type PropertyDeclarations, type PropertyValues } from "lit";
import { AuthKitError, retryHelps, toAuthKitError } from "../../core/errors.ts";
import type { AuthResult, PrfMode } from "../../core/types.ts";
import { browserEnvironment, type DetectionEnvironment } from "../../detection/environment.ts";
import { detectMode, requestedMode, type ModeDecision } from "../../detection/mode.ts";
import { FrameHost } from "../../embed/frame-host.ts";
import { deserializeError, type FrameMessage, type InitMessage } from "../../embed/protocol.ts";
import { AuthkitElement } from "../base/authkit-element.ts";
import { themeVariables, type ResolvedTheme } from "../base/theme.ts";
import { buttons, panel, tokens } from "../base/tokens.styles.ts";
import { asLogin } from "../../modules/results.ts";
import type { AuthenticateEvents, PasskeySuccessDetail } from "../events.ts";
import "../passkey/index.ts";
import { authenticateStyles } from "./authenticate.styles.ts";
import { Autofill } from "./autofill.ts";
import { SessionToken } from "./session-token.ts";

/**
 * Passkey sign-in for a tenant's page. Checks its session token, detects the mode (passkey, QR,
 * unavailable), then runs the login in a cross-origin iframe on the auth server's `/auth-embed`
 * (the passkey button lives there); on iOS before 18 it signs in directly on the page.
 *
 * @event ready - The iframe loaded and is interactive (or, direct on iOS < 18, the button is shown).
 * @event mode-detected - `{ mode, reason }` once detection is done (never before the element's listeners can attach).
 * @event success - `{ challengeId, user?, prfOutput?, capabilities? }`: send `challengeId` to your server for verify-auth.
 * @event error - `{ error, code }`.
 * @event expired - `{}`: the session token expired (or the QR code did); set a fresh `token`, or use `session-token-url`.
 * @csspart frame - The iframe.
 * @csspart panel - The 'Authentication Unavailable' or error panel.
 * @csspart message - The panel's text.
 * @csspart placeholder - Shown while the iframe loads.
 * @csspart signup-link - The "Create an account" link (with `signup-url`, once no passkey was found).
 * @cssprop --authkit-primary - Button background (forwarded into the iframe, like every `--authkit-*` property).
 * @cssprop --authkit-radius - Corner radius.
 * @cssprop --authkit-font-family - Font (the iframe can only use fonts installed on the device).
 */
export class AuthkitAuthenticate extends AuthkitElement<AuthenticateEvents> {
  static override styles = [tokens, buttons, panel, authenticateStyles];
  static override properties: PropertyDeclarations = {
    token: {},
    sessionTokenUrl: { attribute: "session-token-url" },
    mode: {},
    label: {},
    prf: {},
    prfCallback: { attribute: "prf-callback" },
    autofill: { type: Boolean },
    signupUrl: { attribute: "signup-url" },
    timeout: { type: Number },
    decision: { state: true },
    ready: { state: true },
    failure: { state: true },
    noPasskey: { state: true },
  };

  /** Session token from POST /api/v1/session-token. This or `session-token-url` is required. */
  token = "";
  /** Your URL answering `{ token }` (a fresh session token), fetched with cookies on mount and before expiry. */
  sessionTokenUrl = "";
  /** 'auto' (default), 'passkey', 'qr' or 'qr-desktop'. */
  mode = "auto";
  /** Button text (default 'Sign in with Passkey', in the element's language). */
  label = "";
  /** 'event', 'callback' or 'both': get the PRF output of the tenant's salt. */
  prf: PrfMode | "" = "";
  /** URL that receives `POST {challengeId, prfOutput, capabilities}` with cookies (prf callback, both). */
  prfCallback = "";
  /** Also offer passkeys in the browser's autofill of the page's `<input autocomplete="username webauthn">`. */
  autofill = false;
  /**
   * Your sign-up page: offered as "New here? Create an account" under the frame once this device
   * had no passkey to sign in with (or the person closed the prompt).
   */
  signupUrl = "";
  /** ms to wait for the iframe before reporting `server_unreachable`. */
  timeout = 30_000;

  /** The environment mode detection looks at (tests inject one). */
  environment: DetectionEnvironment = browserEnvironment();

  private decision: ModeDecision | undefined;
  private ready = false;
  private failure = "";
  private noPasskey = false;
  #frame: FrameHost | undefined;
  #detection = 0;
  #reloadToRetry = false;
  #canRetry = true;
  readonly #session = new SessionToken({
    authKit: () => this.authKit(),
    token: () => this.token,
    url: () => this.sessionTokenUrl,
    onRefreshed: (token) => this.#frame?.post({ type: "token", token }),
    onExpired: (error) => this.#stop(error, true),
  });
  readonly #autofill = new Autofill(
    (token) => this.authKit(token),
    (detail) => void this.#succeeded(detail),
  );

  /** The mode chosen, once detection is done (also reported by `mode-detected`). */
  get detectedMode(): ModeDecision | undefined {
    return this.decision;
  }

  protected override missingAttributes(): string[] {
    const missing = [...super.missingAttributes()];
    if (!this.token && !this.sessionTokenUrl) missing.push("token or session-token-url");
    if ((this.prf === "callback" || this.prf === "both") && !this.prfCallback) missing.push("prf-callback");
    return missing;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.#start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#closeFrame();
    this.#session.dispose();
    this.#autofill.stop();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    // Initial values arrive with `undefined` as their previous value; only later changes count here.
    const later = (key: string) => changed.has(key) && changed.get(key) !== undefined;
    if (["apiBaseUrl", "mode", "prf", "prfCallback", "token", "sessionTokenUrl"].some(later)) {
      void this.#start();
    } else if (later("lang") || later("messages") || later("label")) {
      this.#frame?.post(this.#initMessage(this.#session.current));
    }
  }

  protected override themeChanged(theme: ResolvedTheme): void {
    this.#frame?.post({ type: "theme", theme, vars: themeVariables(this) });
  }

  /** Checks the token and detects the mode (together), then opens the iframe. */
  async #start(): Promise<void> {
    const run = ++this.#detection;
    await this.updateComplete;
    if (run !== this.#detection) return;
    this.#closeFrame();
    this.#session.dispose();
    this.decision = undefined;
    this.ready = false;
    this.failure = "";
    this.noPasskey = false;
    // Events wait a task, so listeners a framework adds right after mounting hear them.
    await new Promise((resolve) => setTimeout(resolve));
    if (this.missingAttributes().length) {
      const error = new AuthKitError("configuration_error", this.missingMessage(this.missingAttributes()));
      this.emit("error", { error, code: error.code });
      return;
    }
    const [token, decision] = await Promise.all([
      this.#session.acquire().catch((error: unknown) => toAuthKitError(error)),
      detectMode(this.environment, requestedMode(this.mode), "authenticate"),
    ]);
    if (run !== this.#detection) return;
    this.decision = decision;
    this.emit("mode-detected", decision);
    if (token instanceof AuthKitError) return this.#stop(token, token.serverCode === "token_expired");
    if (decision.mode === "unavailable") return;
    if (this.autofill) this.#autofill.start(token);
    if (decision.reason === "ios_direct") {
      await this.updateComplete;
      this.ready = true;
      this.emit("ready");
      return;
    }
    this.#openFrame(decision, token);
  }

  /** Shows why sign-in cannot go on, and says so in `error` (and `expired` for a token that ran out). */
  #stop(error: AuthKitError, expired: boolean): void {
    this.#closeFrame();
    this.#autofill.stop();
    // A token that ran out on a page the site does not refresh: "Try again" reloads the page.
    this.#reloadToRetry = expired && !this.sessionTokenUrl;
    // "Try again" only where it can help: not for the site's setup or its failing token URL.
    this.#canRetry = expired || retryHelps(error);
    this.failure = this.describe(error);
    if (error.code === "configuration_error") console.warn("[AuthKit]", error.message);
    this.emit("error", { error, code: error.code });
    if (expired) this.emit("expired", {});
  }

  #initMessage(token: string): InitMessage {
    return {
      type: "init",
      token,
      ...(this.decision ? { mode: this.decision } : {}),
      ...(this.label ? { label: this.label } : {}),
      prf: Boolean(this.prf),
      silent: this.silent,
      debug: this.debug,
      theme: this.themeController.resolved,
      vars: themeVariables(this),
      lang: this.locale,
      ...(this.messages ? { messages: this.messages } : {}),
    };
  }

  #openFrame(decision: ModeDecision, token: string) {
    this.#frame = new FrameHost({
      apiBaseUrl: this.apiBaseUrl,
      path: "auth-embed",
      lang: this.locale,
      timeout: this.timeout,
      init: () => this.#initMessage(this.#session.current || token),
      onMessage: (message) => void this.#onFrameMessage(message),
      onTimeout: () =>
        this.#stop(
          new AuthKitError(
            "server_unreachable",
            `The sign-in frame did not answer within ${this.timeout} ms.`,
          ),
          false,
        ),
    });
    this.#frame.iframe.classList.add("pending");
    this.#frame.iframe.title = decision.mode === "qr" ? this.t.signInWithPhone : this.t.signInFrameTitle;
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
        await this.#succeeded(message.result);
        break;
      case "error": {
        const error = deserializeError(message.error);
        if (error.code === "credential_not_found" || error.code === "user_cancelled") this.noPasskey = true;
        this.emit("error", { error, code: error.code });
        break;
      }
      case "expired":
        // The token was refused as expired: fetched again (session-token-url), else reported. A
        // QR code that ran out shows its own "new code" button and is reported alone.
        if (message.reason !== "token") this.emit("expired", {});
        else if (this.sessionTokenUrl) await this.#session.refresh();
        else {
          this.#closeFrame();
          this.#reloadToRetry = true;
          this.#canRetry = true;
          this.failure = this.t.errorPageExpired;
          this.emit("expired", {});
        }
        break;
    }
  }

  /** Hands the PRF output over as configured, then fires `success`. */
  async #succeeded(result: AuthResult): Promise<void> {
    const login = asLogin(result);
    const { prfOutput, ...withoutPrf } = login;
    if (this.prf === "callback" || this.prf === "both") {
      try {
        await this.authKit().request({
          path: new URL(this.prfCallback, location.href).href,
          body: {
            challengeId: login.challengeId,
            prfOutput,
            capabilities: login.capabilities ?? { prf: false },
          },
          token: null,
        });
      } catch (thrown) {
        this.emit("error", this.errorDetail(thrown));
        return;
      }
    }
    // The PRF output is in the event only with prf `event` or `both` (`callback`: your server alone).
    this.emit("success", this.prf === "event" || this.prf === "both" ? login : withoutPrf);
  }

  protected override render() {
    const missing = this.missingAttributes();
    if (missing.length) return this.renderUnavailable(this.missingMessage(missing));
    if (this.failure) {
      const retry = () => (this.#reloadToRetry ? location.reload() : void this.#start());
      return this.renderErrorPanel(
        this.t.signInUnavailable,
        this.failure,
        this.#canRetry ? retry : undefined,
      );
    }
    const decision = this.decision;
    if (!decision) return this.#placeholder(this.t.preparingSignIn);
    if (decision.mode === "unavailable") {
      return this.renderUnavailable(
        decision.reason === "insecure_mobile" ? this.t.needsHttpsSignIn : this.t.noWebAuthnSignIn,
      );
    }
    if (decision.reason === "ios_direct") {
      return html`<authkit-passkey
        exportparts="button, label, icon, status"
        api-base-url=${this.apiBaseUrl}
        .token=${this.#session.current}
        .label=${this.label}
        .prf=${Boolean(this.prf)}
        .lang=${this.locale}
        .messages=${this.messages}
        ?silent=${this.silent}
        ?debug=${this.debug}
        theme=${this.themeController.resolved}
        @success=${(event: CustomEvent<PasskeySuccessDetail>) => void this.#succeeded(event.detail)}
        @error=${(event: CustomEvent<AuthenticateEvents["error"]>) => this.emit("error", event.detail)}
      ></authkit-passkey>`;
    }
    const loading = decision.mode === "qr" ? this.t.loadingQr : this.t.loading;
    const signup =
      this.noPasskey && this.signupUrl
        ? html`<a class="signup" part="signup-link" href=${this.signupUrl}>${this.t.createAccount}</a>`
        : null;
    return html`${this.ready ? null : this.#placeholder(loading)}${this.#frame?.iframe}${signup}`;
  }

  #placeholder(text: string) {
    return html`<div class="placeholder" part="placeholder" aria-busy="true">
      <span class="spinner" aria-hidden="true"></span><span>${text}</span>
    </div>`;
  }
}
