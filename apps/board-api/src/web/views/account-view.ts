// Your account: name and handle, passkeys (list, add, delete), API tokens (create — the secret
// shown once —, list, revoke), and sign-out.
import type { ApiToken, CreatedApiToken, PasskeyInfo, User } from "@org/contracts";
import { css, html, LitElement, nothing } from "lit";
import { ApiError, api, web } from "../api.ts";
import { formatDateTime, timeAgo } from "../format.ts";
import { loadAuthKit } from "../sdk.ts";
import { base } from "../styles.ts";
import { confirmAction } from "../ui/confirm.ts";
import { toast } from "../ui/toast.ts";
import type { ThemeChoice } from "@org/web-theme/theme";
import "../ui/secret-value.ts";

export class BoardAccountView extends LitElement {
  static override styles = [
    base,
    css`
      :host {
        max-width: 820px;
        margin: 0 auto;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        gap: 12px;
        align-items: center;
        justify-content: space-between;
        margin-bottom: 20px;
      }
      .panel {
        display: grid;
        gap: 12px;
        margin-bottom: 18px;
      }
      form.profile {
        display: grid;
        grid-template-columns: 1fr 1fr auto;
        gap: 10px;
        align-items: end;
      }
      form.token {
        display: grid;
        grid-template-columns: 1fr auto;
        gap: 10px;
        align-items: end;
      }
      .new-token {
        display: grid;
        gap: 8px;
        padding: 14px;
        border: 1px solid var(--ok);
        border-radius: 12px;
      }
      .new-token strong {
        color: var(--ok);
      }
      authkit-register,
      .appearance {
        max-width: 280px;
      }
      @media (max-width: 640px) {
        form.profile,
        form.token {
          grid-template-columns: 1fr;
        }
        .wide {
          display: none;
        }
      }
    `,
  ];
  static override properties = {
    me: { attribute: false },
    authServerUrl: {},
    theme: {},
    tokens: { state: true },
    passkeys: { state: true },
    created: { state: true },
    sdkReady: { state: true },
    passkeyError: { state: true },
  };
  me: User | null = null;
  authServerUrl = "";
  /** The app's theme choice (also in the header on wide screens). */
  theme: ThemeChoice = "auto";
  tokens: ApiToken[] = [];
  passkeys: PasskeyInfo[] | null = null;
  created: CreatedApiToken | null = null;
  sdkReady = false;
  passkeyError = "";

  override connectedCallback(): void {
    super.connectedCallback();
    void this.loadTokens();
    void this.loadPasskeys();
    loadAuthKit().then(
      () => (this.sdkReady = true),
      () => undefined,
    );
  }

  private async loadTokens() {
    this.tokens = await api.all<ApiToken>("/tokens").catch(() => this.tokens);
  }

  private async loadPasskeys() {
    try {
      this.passkeys = await web.get<PasskeyInfo[]>("/account/passkeys");
      this.passkeyError = "";
    } catch (error) {
      this.passkeyError = (error as Error).message;
    }
  }

  private async saveProfile(event: SubmitEvent) {
    event.preventDefault();
    const values = new FormData(event.target as HTMLFormElement);
    try {
      const user = await api.patch<User>("/me", {
        name: String(values.get("name") ?? ""),
        handle: String(values.get("handle") ?? "")
          .trim()
          .toLowerCase(),
      });
      this.dispatchEvent(new CustomEvent("user-changed", { detail: user, bubbles: true, composed: true }));
      toast("Profile saved.");
    } catch (error) {
      toast(
        error instanceof ApiError && error.details.length
          ? error.details[0]!.message
          : (error as Error).message,
        "error",
      );
    }
  }

  private async createToken(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    try {
      this.created = await api.post<CreatedApiToken>("/tokens", {
        name: String(new FormData(form).get("name") ?? ""),
      });
      form.reset();
      await this.loadTokens();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private async revoke(token: ApiToken) {
    const ok = await confirmAction(
      `Revoke “${token.name}”?`,
      "Every script or agent using it stops working at once. This cannot be undone.",
      "Revoke",
    );
    if (!ok) return;
    try {
      await api.delete(`/tokens/${token.id}`);
      if (this.created?.id === token.id) this.created = null;
      toast(`“${token.name}” revoked.`);
      await this.loadTokens();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private async deletePasskey(passkey: PasskeyInfo) {
    const ok = await confirmAction(
      `Delete the passkey “${passkey.name}”?`,
      "You can no longer sign in with it.",
      "Delete",
    );
    if (!ok) return;
    try {
      await web.delete(`/account/passkeys/${passkey.id}`);
      toast("Passkey deleted.");
      await this.loadPasskeys();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  protected override render() {
    const me = this.me;
    if (!me) return nothing;
    return html`<div class="head">
        <div>
          <h1>Account</h1>
          <p class="muted">${me.email}</p>
        </div>
        <button class="button" @click=${() => this.dispatchEvent(new CustomEvent("sign-out"))}>
          Sign out
        </button>
      </div>
      <section class="panel" aria-labelledby="profile">
        <h2 id="profile">Profile</h2>
        <form class="profile" @submit=${this.saveProfile}>
          <label class="field">Name <input name="name" .value=${me.name} required maxlength="200" /></label>
          <label class="field"
            >Handle (for @mentions)
            <input name="handle" .value=${me.handle} required pattern="[a-z0-9][a-z0-9_\\-]{1,31}"
          /></label>
          <button class="button primary">Save</button>
        </form>
        <label class="field appearance"
          >Appearance
          <select
            .value=${this.theme}
            @change=${(event: Event) =>
              this.dispatchEvent(
                new CustomEvent("theme-changed", {
                  detail: (event.target as HTMLSelectElement).value,
                  bubbles: true,
                  composed: true,
                }),
              )}
          >
            <option value="auto">Follow the system</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select></label
        >
      </section>
      <section class="panel" aria-labelledby="passkeys">
        <h2 id="passkeys">Passkeys</h2>
        <p class="faint">How you sign in. Add one for each device you use; you cannot delete the last one.</p>
        ${this.passkeyError ? html`<p class="error">${this.passkeyError}</p>` : nothing}
        ${
          this.passkeys
            ? credentialTable(
                this.passkeys.map((passkey) => ({
                  name: passkey.name,
                  createdAt: passkey.created_at,
                  lastUsed: passkey.last_used,
                  action: "Delete",
                  onAction: () => void this.deletePasskey(passkey),
                })),
              )
            : nothing
        }
        ${
          this.sdkReady && this.authServerUrl
            ? html`<authkit-register
                api-base-url=${this.authServerUrl}
                assertion-url="/app/account/passkeys/token"
                label="Add a passkey"
                theme="class"
                @success=${() => {
                  toast("Passkey added.");
                  void this.loadPasskeys();
                }}
              ></authkit-register>`
            : nothing
        }
      </section>
      <section class="panel" aria-labelledby="tokens">
        <h2 id="tokens">API tokens</h2>
        <p class="faint">
          For scripts and AI agents: <code>Authorization: Bearer &lt;token&gt;</code> on
          <code>/api/v1</code> and <code>/mcp</code> (see <a href="/llms.txt">/llms.txt</a>). A token acts as
          you, with your roles.
        </p>
        <form class="token" @submit=${this.createToken}>
          <label class="field"
            >Token name <input name="name" required maxlength="100" placeholder="e.g. laptop agent"
          /></label>
          <button class="button primary">Create token</button>
        </form>
        ${
          this.created
            ? html`<div class="new-token" role="status">
                <strong>Token “${this.created.name}” created. Copy it now: it is not shown again.</strong>
                <board-secret-value .value=${this.created.token}></board-secret-value>
              </div>`
            : nothing
        }
        ${
          this.tokens.length
            ? credentialTable(
                this.tokens.map((token) => ({
                  name: token.name || "(unnamed)",
                  createdAt: token.created_at,
                  lastUsed: token.last_used_at,
                  action: "Revoke",
                  onAction: () => void this.revoke(token),
                })),
              )
            : html`<p class="faint">No tokens yet.</p>`
        }
      </section>`;
  }
}
customElements.define("board-account-view", BoardAccountView);

interface CredentialRow {
  name: string;
  createdAt: string;
  lastUsed: string | null | undefined;
  action: string;
  onAction: () => void;
}

/** Passkeys and API tokens alike: name, created, last used and one destructive action. */
function credentialTable(rows: CredentialRow[]) {
  return html`<table>
    <thead>
      <tr>
        <th>Name</th>
        <th class="wide">Created</th>
        <th>Last used</th>
        <th><span class="sr-only">Actions</span></th>
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (row) =>
          html`<tr>
            <td>${row.name}</td>
            <td class="wide">${formatDateTime(row.createdAt)}</td>
            <td>${row.lastUsed ? timeAgo(row.lastUsed) : "never"}</td>
            <td><button class="button small danger" @click=${row.onAction}>${row.action}</button></td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}
