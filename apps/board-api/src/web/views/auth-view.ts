// Sign-in (a passkey, through the auth server's iframe) and sign-up (email and name, then a new
// passkey), in the SDK's components. The board's server confirms each step with the auth server.
import type { AuthenticateSuccessDetail } from "@org/authkit-sdk";
import type { PendingSignup } from "@org/contracts";
import { css, html, LitElement, nothing } from "lit";
import { ApiError, web, type WebSession } from "../api.ts";
import { navigate } from "../router.ts";
import { loadAuthKit } from "../sdk.ts";
import { base } from "../styles.ts";

export class BoardAuthView extends LitElement {
  static override styles = [
    base,
    css`
      :host {
        display: grid;
        place-items: start center;
        padding-top: 6vh;
      }
      .card {
        width: min(100%, 420px);
        display: grid;
        gap: 18px;
      }
      .eyebrow {
        color: var(--accent);
        font-size: 0.78rem;
        font-weight: 700;
        letter-spacing: 0.08em;
        text-transform: uppercase;
      }
      form {
        display: grid;
        gap: 12px;
      }
      .switch {
        text-align: center;
        font-size: 0.92rem;
        color: var(--muted);
      }
      .handle {
        padding: 10px 12px;
        border-radius: 10px;
        background: var(--accent-soft);
        color: var(--text);
        font-size: 0.92rem;
      }
      .note {
        font-size: 0.82rem;
        color: var(--faint);
      }
    `,
  ];

  static override properties = {
    mode: {},
    authServerUrl: {},
    sessionToken: { state: true },
    signup: { state: true },
    error: { state: true },
    busy: { state: true },
    sdkReady: { state: true },
  };

  /** "signin" or "signup". */
  mode: "signin" | "signup" = "signin";
  /** The auth server (the components' api-base-url). */
  authServerUrl = "";
  sessionToken = "";
  signup: PendingSignup | null = null;
  error = "";
  busy = false;
  sdkReady = false;

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.authServerUrl) {
      this.error = "Sign-in is not configured on this server (AUTH_SERVER_URL).";
      return;
    }
    loadAuthKit().then(
      () => (this.sdkReady = true),
      () => (this.error = "The sign-in service cannot be reached right now. Try again in a moment."),
    );
    if (this.mode === "signin") void this.fetchSessionToken();
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("mode") && changed.get("mode") !== undefined) {
      this.error = "";
      if (this.mode === "signin" && !this.sessionToken) void this.fetchSessionToken();
    }
  }

  private async fetchSessionToken() {
    try {
      this.sessionToken = (await web.get<{ token: string }>("/auth/signin/token")).token;
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private finished(session: WebSession) {
    this.dispatchEvent(new CustomEvent("signed-in", { detail: session, bubbles: true, composed: true }));
  }

  private async onSignedIn(event: CustomEvent<AuthenticateSuccessDetail>) {
    this.error = "";
    try {
      this.finished(await web.post<WebSession>("/auth/signin", { challengeId: event.detail.challengeId }));
    } catch (error) {
      this.error = (error as Error).message;
      this.sessionToken = "";
      void this.fetchSessionToken();
    }
  }

  private async startSignup(event: SubmitEvent) {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    this.busy = true;
    this.error = "";
    try {
      this.signup = await web.post<PendingSignup>("/auth/signup", {
        email: String(form.get("email") ?? ""),
        name: String(form.get("name") ?? ""),
      });
    } catch (error) {
      this.error =
        error instanceof ApiError && error.details.length
          ? error.details.map((detail) => detail.message).join(" ")
          : (error as Error).message;
    } finally {
      this.busy = false;
    }
  }

  private async onPasskeyCreated() {
    this.error = "";
    try {
      this.finished(await web.post<WebSession>("/auth/signup/complete"));
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private onComponentError(event: CustomEvent<{ error: Error; code: string }>) {
    if (event.detail.code !== "user_cancelled") this.error = event.detail.error.message;
  }

  private renderSignIn() {
    return html`<div>
        <p class="eyebrow">Welcome back</p>
        <h1>Sign in</h1>
      </div>
      <p class="muted">Use the passkey you created for this board: your fingerprint, face or device PIN.</p>
      ${
        this.sdkReady && this.sessionToken
          ? html`<authkit-authenticate
              api-base-url=${this.authServerUrl}
              token=${this.sessionToken}
              theme="class"
              @success=${this.onSignedIn}
              @error=${this.onComponentError}
              @expired=${() => void this.fetchSessionToken()}
            ></authkit-authenticate>`
          : this.error
            ? nothing
            : html`<p class="faint">Preparing sign-in…</p>`
      }
      <p class="switch">
        New here? <a href="/app/signup" @click=${this.go("/app/signup")}>Create an account</a>
      </p>`;
  }

  private renderSignUp() {
    if (this.signup) {
      return html`<div>
          <p class="eyebrow">Step 2 of 2</p>
          <h1>Create your passkey</h1>
        </div>
        <p class="muted">
          Your account <strong>${this.signup.email}</strong> signs in with a passkey on this device: no
          password.
        </p>
        <p class="handle">
          People mention you as <strong>@${this.signup.handle}</strong> (change it later in Account).
        </p>
        ${
          this.sdkReady
            ? html`<authkit-register
                api-base-url=${this.authServerUrl}
                assertion-url="/app/auth/signup/token"
                name="Board"
                label="Create passkey"
                theme="class"
                @success=${this.onPasskeyCreated}
                @error=${this.onComponentError}
              ></authkit-register>`
            : nothing
        }
        <button class="button ghost" @click=${() => (this.signup = null)}>Back</button>`;
    }
    return html`<div>
        <p class="eyebrow">Step 1 of 2</p>
        <h1>Create an account</h1>
      </div>
      <form @submit=${this.startSignup}>
        <label class="field">Email <input name="email" type="email" autocomplete="email" required /></label>
        <label class="field">Name <input name="name" autocomplete="name" required maxlength="200" /></label>
        <button class="button primary" ?disabled=${this.busy}>Continue</button>
      </form>
      <p class="note">
        Your email is not verified (this board sends no mail): it is how colleagues invite you.
      </p>
      <p class="switch">
        Have an account? <a href="/app/signin" @click=${this.go("/app/signin")}>Sign in</a>
      </p>`;
  }

  private go(path: string) {
    return (event: Event) => {
      event.preventDefault();
      navigate(path);
    };
  }

  protected override render() {
    return html`<section class="panel card" aria-live="polite">
      ${this.mode === "signup" ? this.renderSignUp() : this.renderSignIn()}
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
    </section>`;
  }
}
customElements.define("board-auth-view", BoardAuthView);
