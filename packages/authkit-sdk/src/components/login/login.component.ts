import { html, nothing, type PropertyDeclarations } from "lit";
import { AuthKitError, retryHelps, toAuthKitError } from "../../core/errors.ts";
import type { AuthResponse, AuthResult, LoginResult } from "../../core/types.ts";
import { format } from "../../i18n/index.ts";
import { Autofill } from "../authenticate/autofill.ts";
import { SessionToken } from "../authenticate/session-token.ts";
import { AuthkitElement } from "../base/authkit-element.ts";
import { buttons, panel, tokens } from "../base/tokens.styles.ts";
import { asLogin } from "../../modules/results.ts";
import type { LoginEvents, LoginSuccessDetail } from "../events.ts";
import { loginStyles } from "./login.styles.ts";
import { signUpWithPasskey } from "./signup.ts";

/** What the box shows: the sign-in form, sign-up, the phone's QR code, or the signed-in line. */
type View = "loading" | "sign-in" | "sign-up" | "phone" | "done";

/**
 * A drop-in sign-in box: an email-or-username field the browser's passkey autofill serves, a passkey
 * button (first), a password field when the tenant's `password_login` is on, "Use your phone"
 * (`<authkit-qr>`), and "Create an account" when the tenant's `self_signup` is on (the auth server
 * creates the user; `success` then says `created: true`). It signs in on the page itself, so the
 * page must be on the tenant's rp_id (as passkey autofill needs anyway).
 *
 * @event ready - The box is shown with the tenant's options.
 * @event success - `{ challengeId, method, sessionToken?, user?, created? }`: send `challengeId` to your server for verify-auth.
 * @event error - `{ error, code }`.
 * @event expired - `{}`: the session token expired; set a fresh `token`, or use `session-token-url`.
 * @csspart box - The container.
 * @csspart title - The heading.
 * @csspart form - The identifier (and password) form.
 * @csspart label - Each field's label.
 * @csspart input - Each text field.
 * @csspart passkey-button - "Sign in with Passkey".
 * @csspart button - The form's submit button.
 * @csspart link - "Use your phone", "Create an account", "Back to sign-in".
 * @csspart error - The inline error under the form.
 * @csspart panel - The 'Sign-in unavailable' panel.
 * @cssprop --authkit-primary - Button and link colour (every `--authkit-*` property of the other elements applies).
 */
export class AuthkitLogin extends AuthkitElement<LoginEvents> {
  static override styles = [tokens, buttons, panel, loginStyles];
  static override properties: PropertyDeclarations = {
    token: {},
    sessionTokenUrl: { attribute: "session-token-url" },
    view: { state: true },
    busy: { state: true },
    errorText: { state: true },
    failure: { state: true },
    doneText: { state: true },
  };

  /** Session token from POST /api/v1/session-token. This or `session-token-url` is required. */
  token = "";
  /** Your URL answering `{ token }` (a fresh session token), fetched with cookies on mount and before expiry. */
  sessionTokenUrl = "";

  private view: View = "loading";
  private busy = false;
  private errorText = "";
  private failure: AuthKitError | undefined;
  private doneText = "";
  readonly #session = new SessionToken({
    authKit: () => this.authKit(),
    token: () => this.token,
    url: () => this.sessionTokenUrl,
    onRefreshed: () => this.#offerAutofill(),
    onExpired: (error) => this.#fail(error, true),
  });
  readonly #autofill = new Autofill(
    (token) => this.authKit(token),
    (detail) => this.#signedIn(detail, "passkey"),
    () => this.renderRoot.querySelector("input[autocomplete$='webauthn']"),
  );

  /** The tenant's `password_login`, as the session token's check reported it. */
  get passwordLogin(): boolean {
    return this.#session.settings.password_login === true;
  }

  /** The tenant's `self_signup`, as the session token's check reported it. */
  get selfSignup(): boolean {
    return this.#session.settings.self_signup === true;
  }

  protected override missingAttributes(): string[] {
    const missing = [...super.missingAttributes()];
    if (!this.token && !this.sessionTokenUrl) missing.push("token or session-token-url");
    return missing;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.#start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#session.dispose();
    this.#autofill.stop();
  }

  async #start(): Promise<void> {
    this.view = "loading";
    this.failure = undefined;
    // Events wait a task, so listeners a framework adds right after mounting hear them.
    await new Promise((resolve) => setTimeout(resolve));
    const missing = this.missingAttributes();
    if (missing.length) {
      const error = new AuthKitError("configuration_error", this.missingMessage(missing));
      this.emit("error", { error, code: error.code });
      return;
    }
    try {
      await this.#session.acquire();
    } catch (thrown) {
      const error = toAuthKitError(thrown);
      return this.#fail(error, error.serverCode === "token_expired");
    }
    await this.#show("sign-in");
    this.emit("ready");
  }

  async #show(view: View): Promise<void> {
    this.#autofill.stop();
    this.view = view;
    this.errorText = "";
    await this.updateComplete;
    if (view === "sign-in") this.#offerAutofill();
  }

  /** Passkey autofill on the identifier field (conditional mediation), renewed with the token. */
  #offerAutofill(): void {
    if (this.view === "sign-in" && this.#session.current) this.#autofill.start(this.#session.current);
  }

  #fail(error: AuthKitError, expired: boolean): void {
    this.#autofill.stop();
    this.failure = error;
    if (error.code === "configuration_error") console.warn("[AuthKit]", error.message);
    this.emit("error", { error, code: error.code });
    if (expired) this.emit("expired", {});
  }

  /** An error the person can act on, shown under the form; also the `error` event. */
  #inline(thrown: unknown): void {
    const error = toAuthKitError(thrown);
    this.errorText =
      error.serverCode === "conflict"
        ? this.t.errorAccountExists
        : this.describe(error, this.view === "sign-up" ? "registration" : "sign-in");
    this.emit("error", { error, code: error.code });
  }

  /** Runs one ceremony at a time (the autofill request gives way to it), then offers autofill again. */
  async #run(work: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.errorText = "";
    this.#autofill.stop();
    try {
      await work();
    } catch (thrown) {
      this.#inline(thrown);
    } finally {
      this.busy = false;
      if (this.view === "sign-in") this.#offerAutofill();
    }
  }

  /** A login result, or its error thrown (the SDK's functions answer `{ success: false }`). */
  #resultOf(response: AuthResponse<LoginResult>, error: AuthKitError | undefined): LoginResult {
    if (!response.success) throw error ?? new AuthKitError(response.error_code ?? "unknown", response.error);
    const { success: _success, ...login } = response;
    return login;
  }

  #passkey = () =>
    this.#run(async () => {
      let failed: AuthKitError | undefined;
      const auth = this.authKit(this.#session.current);
      const result = await auth.passkey.authenticate({ onError: (error) => (failed = error) });
      this.#signedIn(this.#resultOf(result, failed), "passkey");
    });

  #password = (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    return this.#run(async () => {
      let failed: AuthKitError | undefined;
      const auth = this.authKit(this.#session.current);
      const result = await auth.password.login({
        username: String(data.get("username") ?? "").trim(),
        password: String(data.get("password") ?? ""),
        onError: (error) => (failed = error),
      });
      this.#signedIn(this.#resultOf(result, failed), "password");
    });
  };

  #signup = (event: SubmitEvent) => {
    event.preventDefault();
    const identifier = String(new FormData(event.target as HTMLFormElement).get("username") ?? "").trim();
    return this.#run(async () => {
      const answer = await signUpWithPasskey(this.authKit(this.#session.current), identifier);
      this.#signedIn(answer, "passkey");
    });
  };

  #signedIn(result: LoginResult & { created?: true }, method: LoginSuccessDetail["method"]): void {
    this.#autofill.stop();
    const name = result.user?.displayName ?? result.user?.externalId ?? "";
    this.doneText = result.created
      ? format(this.t.accountCreated, { name })
      : format(this.t.signedInAs, { name });
    this.view = "done";
    this.emit("success", { ...result, method });
  }

  protected override render() {
    const missing = this.missingAttributes();
    if (missing.length) return this.renderUnavailable(this.missingMessage(missing));
    if (this.failure) {
      const retry = retryHelps(this.failure) || this.failure.serverCode === "token_expired";
      return this.renderErrorPanel(
        this.t.signInUnavailable,
        this.describe(this.failure),
        retry ? () => (this.sessionTokenUrl ? void this.#start() : location.reload()) : undefined,
      );
    }
    return html`<div class="box" part="box" aria-busy=${this.view === "loading" || this.busy}>
      ${this.#body()}
    </div>`;
  }

  #body() {
    switch (this.view) {
      case "loading":
        return html`<p class="title" part="title">${this.t.preparingSignIn}</p>`;
      case "done":
        return html`<p class="done" part="title" role="status">${this.doneText}</p>`;
      case "phone":
        return html`<authkit-qr
            auto-start
            api-base-url=${this.apiBaseUrl}
            .token=${this.#session.current}
            .lang=${this.locale}
            .messages=${this.messages}
            theme=${this.themeController.resolved}
            @success=${(event: CustomEvent<AuthResult>) => this.#signedIn(asLogin(event.detail), "qr")}
          ></authkit-qr>
          ${this.#back()}`;
      case "sign-up":
        return html`<h2 class="title" part="title">${this.t.signupTitle}</h2>
          <form part="form" @submit=${this.#signup}>
            ${this.#identifierField("username")}
            <button class="button primary-button" part="button" type="submit" ?disabled=${this.busy}>
              ${this.t.signupSubmit}
            </button>
          </form>
          ${this.#error()} ${this.#back()}`;
      default:
        return this.#signIn();
    }
  }

  #signIn() {
    const password = this.passwordLogin;
    return html`<h2 class="title" part="title">${this.t.loginTitle}</h2>
      <button
        class="button primary-button"
        part="passkey-button"
        type="button"
        ?disabled=${this.busy}
        @click=${this.#passkey}
      >
        ${this.t.signInLabel}
      </button>
      <div class="or">${this.t.loginOr}</div>
      <form
        part="form"
        @submit=${password ? this.#password : (event: Event) => (event.preventDefault(), this.#passkey())}
      >
        ${this.#identifierField("username webauthn")}
        ${
          password
            ? html`<label part="label" for="password">${this.t.loginPassword}</label>
                <input
                  part="input"
                  id="password"
                  name="password"
                  type="password"
                  autocomplete="current-password"
                  required
                />`
            : nothing
        }
        <button class="button secondary-button" part="button" type="submit" ?disabled=${this.busy}>
          ${password ? this.t.loginWithPassword : this.t.loginContinue}
        </button>
      </form>
      ${this.#error()}
      <div class="links">
        <button class="link" part="link" type="button" @click=${() => void this.#show("phone")}>
          ${this.t.usePhoneToSignIn}
        </button>
        ${
          this.selfSignup
            ? html`<button class="link" part="link" type="button" @click=${() => void this.#show("sign-up")}>
                ${this.t.createAccount}
              </button>`
            : nothing
        }
      </div>`;
  }

  #identifierField(autocomplete: string) {
    return html`<label part="label" for="identifier">${this.t.loginIdentifier}</label>
      <input
        part="input"
        id="identifier"
        name="username"
        type="text"
        autocomplete=${autocomplete}
        autocapitalize="none"
        spellcheck="false"
        required
      />`;
  }

  #error() {
    return this.errorText ? html`<p class="error" part="error" role="alert">${this.errorText}</p>` : nothing;
  }

  #back() {
    return html`<div class="links">
      <button class="link" part="link" type="button" @click=${() => void this.#show("sign-in")}>
        ${this.t.backToSignIn}
      </button>
    </div>`;
  }
}
