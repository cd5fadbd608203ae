// Sign-up in two steps, each its own URL: /app/signup (email, name and the handle people will
// mention, suggested from the name) and /app/signup/passkey (a passkey on this device, named after
// it). Going back — the page's button or the browser's — abandons the sign-up on the server, so it
// holds no handle; the form keeps what the person typed, handle included.
import type { PendingSignup } from "@org/contracts";
import { deviceName } from "@org/contracts/device-name";
import { handleStem } from "@org/contracts/handles";
import { html, LitElement, nothing } from "lit";
import { ApiError, callWeb } from "../../api.ts";
import { navigate } from "../../router.ts";
import { loadAuthKit } from "../../sdk.ts";
import { base } from "../../styles.ts";
import { authStyles } from "./auth.styles.ts";
import { rememberSignedIn } from "./sign-in-view.ts";
import { emit } from "../../events.ts";

/** What the person typed, kept in this tab while they go back and forth. */
interface Draft {
  email: string;
  name: string;
  handle: string;
  /** The person typed a handle of their own: stop suggesting one from the name. */
  handleChosen: boolean;
}

const DRAFT_KEY = "board-signup-draft";
const emptyDraft: Draft = { email: "", name: "", handle: "", handleChosen: false };

function loadDraft(): Draft {
  try {
    return { ...emptyDraft, ...(JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? "{}") as Partial<Draft>) };
  } catch {
    return { ...emptyDraft };
  }
}

/**
 * @event signed-in - `WebSessionInfo`, once the account exists and is signed in.
 */
export class BoardSignUp extends LitElement {
  static override styles = [base, authStyles];

  static override properties = {
    step: {},
    authServerUrl: {},
    draft: { state: true },
    signup: { state: true },
    error: { state: true },
    busy: { state: true },
    sdkReady: { state: true },
  };

  /** "form" (/app/signup) or "passkey" (/app/signup/passkey), from the URL. */
  step: "form" | "passkey" = "form";
  /** The auth server (the component's api-base-url). */
  authServerUrl = "";
  draft: Draft = loadDraft();
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
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (!changed.has("step")) return;
    this.error = "";
    if (this.step === "passkey" && !this.signup) void this.findSignup();
    // Back from the passkey step, by the button or the browser: the sign-up is let go.
    if (this.step === "form" && changed.get("step") === "passkey") void this.cancel();
  }

  /** The passkey step reloaded: this browser's sign-up, or back to the form. */
  private async findSignup() {
    const signup = await callWeb("get_signup").catch(() => null);
    if (signup) this.signup = signup;
    else navigate("/app/signup", { replace: true });
  }

  private async cancel() {
    this.signup = null;
    await callWeb("cancel_signup").catch(() => undefined);
  }

  private editDraft(event: Event) {
    const input = event.target as HTMLInputElement;
    const draft = { ...this.draft, [input.name]: input.value };
    if (input.name === "handle") draft.handleChosen = input.value.trim() !== "";
    if (!draft.handleChosen && (input.name === "name" || input.name === "email"))
      draft.handle = draft.name.trim() ? handleStem(draft.name, draft.email) : "";
    this.draft = draft;
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  }

  private async start(event: SubmitEvent) {
    event.preventDefault();
    this.busy = true;
    this.error = "";
    const { email, name, handle } = this.draft;
    try {
      this.signup = await callWeb("start_signup", {
        body: { email, name, ...(handle.trim() ? { handle: handle.trim().toLowerCase() } : {}) },
      });
      navigate("/app/signup/passkey");
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
      const session = await callWeb("complete_signup");
      sessionStorage.removeItem(DRAFT_KEY);
      rememberSignedIn();
      emit(this, "signed-in", session, { bubbles: true, composed: true });
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private onComponentError(event: CustomEvent<{ error: Error; code: string }>) {
    this.error =
      event.detail.code === "user_cancelled"
        ? "No passkey was created. Try again, or go back to change your details."
        : event.detail.error.message;
  }

  private renderPasskeyStep(signup: PendingSignup) {
    return html`<div>
        <p class="eyebrow">Step 2 of 2</p>
        <h1>Create your passkey</h1>
      </div>
      <p class="muted">
        Your account <strong>${signup.email}</strong> signs in with a passkey on this device: your
        fingerprint, face or device PIN. No password.
      </p>
      <p class="handle">People mention you as <strong>@${signup.handle}</strong>.</p>
      <p class="note">
        ${
          signup.verification_mail
            ? html`Once your account exists we mail <strong>${signup.email}</strong> a link to confirm the
                address: invitations sent to it reach you when it is confirmed.`
            : html`This board sends no mail, so your address stays unconfirmed: colleagues invite you with an
              invitation link instead.`
        }
      </p>
      ${
        // any: this device first, as the text says, whatever the tenant's policy (see the Account view).
        this.sdkReady
          ? html`<authkit-register
              api-base-url=${this.authServerUrl}
              assertion-url="/app/auth/signup/token"
              authenticator-attachment="any"
              name=${deviceName(navigator.userAgent)}
              label="Create passkey"
              theme="class"
              @success=${this.onPasskeyCreated}
              @error=${this.onComponentError}
            ></authkit-register>`
          : nothing
      }
      <button class="button ghost" @click=${() => navigate("/app/signup", { replace: true })}>Back</button>`;
  }

  private renderForm() {
    const draft = this.draft;
    return html`<div>
        <p class="eyebrow">Step 1 of 2</p>
        <h1>Create an account</h1>
      </div>
      <form @submit=${this.start} @input=${this.editDraft}>
        <label class="field"
          >Email <input name="email" type="email" autocomplete="email" required .value=${draft.email}
        /></label>
        <label class="field"
          >Name <input name="name" autocomplete="name" required maxlength="200" .value=${draft.name}
        /></label>
        <label class="field"
          ><span>Handle <span class="hint">(how people @mention you)</span></span>
          <input
            name="handle"
            autocomplete="username"
            maxlength="32"
            pattern="[a-zA-Z0-9][a-zA-Z0-9_\\-]{1,31}"
            placeholder="ada"
            .value=${draft.handle}
        /></label>
        <button class="button primary" ?disabled=${this.busy}>Continue</button>
      </form>
      <p class="note">Colleagues invite you to their projects by this address.</p>
      <p class="switch">Have an account? <a href="/app/signin">Sign in</a></p>`;
  }

  protected override render() {
    const passkeyStep = this.step === "passkey";
    return html`<section class="panel card" aria-live="polite">
      ${
        passkeyStep
          ? this.signup
            ? this.renderPasskeyStep(this.signup)
            : html`<p class="faint">Loading…</p>`
          : this.renderForm()
      }
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
    </section>`;
  }
}
customElements.define("board-sign-up", BoardSignUp);

declare global {
  interface HTMLElementTagNameMap {
    "board-sign-up": BoardSignUp;
  }
}
