// Your account: name and handle, whether your notifications are mailed to you too, passkeys (list,
// add, rename, delete), API tokens (create — the secret shown once —, list, revoke), connected apps
// (OAuth grants: list, revoke), and sign-out.
import type { ApiToken, ConnectedApp, CreatedApiToken, PasskeyInfo, User } from "@org/contracts";
import { deviceName } from "@org/contracts/device-name";
import { html, LitElement, nothing, type PropertyValues } from "lit";
import { call, callAccount, callAll, callWeb } from "../../api.ts";
import { loadAuthKit } from "../../sdk.ts";
import { base } from "../../styles.ts";
import { confirmAction } from "../../ui/confirm.ts";
import { confirmWithPasskey, withStepUp } from "../../ui/step-up.ts";
import { failureText, toast } from "../../ui/toast.ts";
import type { ThemeChoice } from "@org/web-theme/theme";
import { accountStyles } from "./account.styles.ts";
import { credentialTable, renameForm } from "./credential-table.ts";
import "../../ui/secret-value.ts";
import "./email-status.ts";
import { emit } from "../../events.ts";

export class BoardAccountView extends LitElement {
  static override styles = [base, accountStyles];
  static override properties = {
    me: { attribute: false },
    authServerUrl: {},
    theme: {},
    tokens: { state: true },
    grants: { state: true },
    passkeys: { state: true },
    created: { state: true },
    sdkReady: { state: true },
    passkeyError: { state: true },
    renaming: { state: true },
  };
  me: User | null = null;
  authServerUrl = "";
  /** The app's theme choice: this page's Appearance is its one control. */
  theme: ThemeChoice = "auto";
  tokens: ApiToken[] = [];
  /** Connected apps: OAuth grants. */
  grants: ConnectedApp[] = [];
  passkeys: PasskeyInfo[] | null = null;
  created: CreatedApiToken | null = null;
  sdkReady = false;
  passkeyError = "";
  /** The passkey whose name is being edited. */
  renaming: string | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.loadTokens();
    void this.loadGrants();
    void this.loadPasskeys();
    loadAuthKit().then(
      () => (this.sdkReady = true),
      () => undefined,
    );
  }

  protected override updated(changed: PropertyValues<this>): void {
    // Rename opens with the name selected, ready to be typed over.
    if (changed.has("renaming") && this.renaming) {
      this.renderRoot.querySelector<HTMLInputElement>("form.rename input")?.select();
    }
  }

  private async loadTokens() {
    this.tokens = await callAll("list_tokens").catch(() => this.tokens);
  }

  private async loadPasskeys() {
    try {
      this.passkeys = await callWeb("list_my_passkeys");
      this.passkeyError = "";
    } catch (error) {
      this.passkeyError = (error as Error).message;
    }
  }

  private async saveProfile(event: SubmitEvent) {
    event.preventDefault();
    const values = new FormData(event.target as HTMLFormElement);
    try {
      const name = String(values.get("name") ?? "");
      const handle = String(values.get("handle") ?? "")
        .trim()
        .toLowerCase();
      const user = await call("update_me", { body: { name, handle } });
      emit(this, "user-changed", user, { bubbles: true, composed: true });
      toast("Profile saved.");
    } catch (error) {
      toast(failureText(error), "error");
    }
  }

  /** Opt-in: card notifications mailed too (saved at once; the sweeper mails within a minute). */
  private async setEmailNotifications(event: Event) {
    const box = event.target as HTMLInputElement;
    try {
      const user = await call("update_me", { body: { email_notifications: box.checked } });
      emit(this, "user-changed", user, { bubbles: true, composed: true });
      toast(
        user.email_notifications
          ? "Your notifications will be mailed to you too."
          : "No more notification mail.",
      );
    } catch (error) {
      box.checked = !box.checked;
      toast(failureText(error), "error");
    }
  }

  private async createToken(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    try {
      const name = String(new FormData(form).get("name") ?? "");
      this.created = await withStepUp(() => call("create_token", { body: { name } }));
      form.reset();
      await this.loadTokens();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private async loadGrants() {
    const page = await callAccount("list_connected_apps").catch(() => null);
    if (page) this.grants = page.data;
  }

  private async revokeGrant(grant: ConnectedApp) {
    const ok = await confirmAction(
      `Disconnect “${grant.client_name}”?`,
      "Its access ends at once, everywhere; it has to ask you again to reconnect.",
      "Revoke",
    );
    if (!ok) return;
    try {
      await callAccount("revoke_connected_app", { params: { grant_id: grant.id } });
      toast(`“${grant.client_name}” disconnected.`);
      await this.loadGrants();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private renderGrants() {
    return html`<section class="panel" aria-labelledby="connected-apps">
      <h2 id="connected-apps">Connected apps</h2>
      <p class="faint">
        Apps and agents' hosts you allowed to use the board as you (OAuth). Revoking ends their access at
        once.
      </p>
      ${
        this.grants.length
          ? credentialTable(
              this.grants.map((grant) => ({
                name: `${grant.client_name} — ${grant.scopes.includes("board:write") ? "read and write" : "read only"}, ${
                  grant.projects === null
                    ? "all projects"
                    : grant.projects.length
                      ? `only ${grant.projects.map((project) => project.name).join(", ")}`
                      : "no project left"
                }`,
                createdAt: grant.created_at,
                lastUsed: grant.last_used_at,
                actions: [{ label: "Revoke", danger: true, run: () => void this.revokeGrant(grant) }],
              })),
            )
          : html`<p class="faint">No connected apps.</p>`
      }
    </section>`;
  }

  private async revoke(token: ApiToken) {
    const ok = await confirmAction(
      `Revoke “${token.name}”?`,
      "Every script or agent using it stops working at once. This cannot be undone.",
      "Revoke",
    );
    if (!ok) return;
    try {
      await call("delete_token", { params: { token_id: token.id } });
      if (this.created?.id === token.id) this.created = null;
      toast(`“${token.name}” revoked.`);
      await this.loadTokens();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private async renamePasskey(passkey: PasskeyInfo, name: string) {
    if (!name || name === passkey.name) {
      this.renaming = null;
      return;
    }
    try {
      await callWeb("rename_my_passkey", { params: { passkey_id: passkey.id }, body: { name } });
      this.renaming = null;
      toast(`Passkey renamed to “${name}”.`);
      await this.loadPasskeys();
    } catch (error) {
      toast(failureText(error), "error");
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
      await withStepUp(() => callWeb("delete_my_passkey", { params: { passkey_id: passkey.id } }));
      toast("Passkey deleted.");
      await this.loadPasskeys();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  /**
   * "Add a passkey" fetched its token and the server asked for a step-up: confirm with a passkey
   * of the account, then the same button's work runs again.
   */
  private readonly registerFailed = async (event: CustomEvent<{ error: { serverCode?: string } }>) => {
    if (event.detail.error.serverCode !== "step_up_required") return;
    const register = event.target as HTMLElement & { register(): Promise<void> };
    if (await confirmWithPasskey()) await register.register();
  };

  private renderProfile(me: User) {
    return html`<section class="panel" aria-labelledby="profile">
      <h2 id="profile">Profile</h2>
      <form class="profile" @submit=${this.saveProfile}>
        <label class="field">Name <input name="name" .value=${me.name} required maxlength="200" /></label>
        <label class="field"
          >Handle (for @mentions)
          <input name="handle" .value=${me.handle} required pattern="[a-z0-9][a-z0-9_\\-]{1,31}"
        /></label>
        <button class="button primary">Save</button>
      </form>
      <label class="check"
        ><input type="checkbox" .checked=${me.email_notifications} @change=${this.setEmailNotifications} />
        Email me my notifications
        <span class="faint"
          >(assigned, handed off, mentioned, watched cards, due tomorrow) at
          ${me.email}${me.email_verified ? "" : ", once the address is verified"}</span
        ></label
      >
      <label class="field appearance"
        >Appearance
        <select
          .value=${this.theme}
          @change=${(event: Event) =>
            emit(this, "theme-changed", (event.target as HTMLSelectElement).value as ThemeChoice, {
              bubbles: true,
              composed: true,
            })}
        >
          <option value="auto">Follow the system</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select></label
      >
    </section>`;
  }

  private renderPasskeys() {
    return html`<section class="panel" aria-labelledby="passkeys">
      <h2 id="passkeys">Passkeys</h2>
      <p class="faint">How you sign in. Add one for each device you use; you cannot delete the last one.</p>
      ${this.passkeyError ? html`<p class="error">${this.passkeyError}</p>` : nothing}
      ${
        this.passkeys
          ? credentialTable(
              this.passkeys.map((passkey) => ({
                // The device it was made on, and its maker when its AAGUID says ("iCloud Keychain").
                name:
                  passkey.authenticator && passkey.authenticator !== passkey.name
                    ? `${passkey.name} · ${passkey.authenticator}`
                    : passkey.name,
                nameCell:
                  this.renaming === passkey.id
                    ? renameForm({
                        label: "Rename passkey",
                        field: "Passkey name",
                        value: passkey.name,
                        save: (name) => void this.renamePasskey(passkey, name),
                        cancel: () => (this.renaming = null),
                      })
                    : undefined,
                createdAt: passkey.created_at,
                lastUsed: passkey.last_used,
                actions:
                  this.renaming === passkey.id
                    ? []
                    : [
                        {
                          label: "Rename",
                          ariaLabel: `Rename ${passkey.name}`,
                          run: () => (this.renaming = passkey.id),
                        },
                        // The last one cannot go (the account would be locked out): the page says so above.
                        ...((this.passkeys?.length ?? 0) > 1
                          ? [
                              {
                                label: "Delete",
                                ariaLabel: `Delete ${passkey.name}`,
                                danger: true,
                                run: () => void this.deletePasskey(passkey),
                              },
                            ]
                          : []),
                      ],
              })),
            )
          : nothing
      }
      ${
        // authenticator-attachment any: the laptop's own authenticator, a security key or a phone,
        // whatever the tenant's registration policy (the SDK's detection asks a desktop for a
        // security key or a phone only, which a laptop with Touch ID alone never answers).
        this.sdkReady && this.authServerUrl
          ? html`<authkit-register
              api-base-url=${this.authServerUrl}
              assertion-url="/app/account/passkeys/token"
              authenticator-attachment="any"
              label="Add a passkey"
              name=${deviceName(navigator.userAgent)}
              theme="class"
              @success=${() => {
                toast("Passkey added.");
                void this.loadPasskeys();
              }}
              @error=${this.registerFailed}
            ></authkit-register>`
          : nothing
      }
    </section>`;
  }

  private renderTokens() {
    return html`<section class="panel" aria-labelledby="tokens">
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
                actions: [{ label: "Revoke", danger: true, run: () => void this.revoke(token) }],
              })),
            )
          : html`<p class="faint">No tokens yet.</p>`
      }
    </section>`;
  }

  protected override render() {
    const me = this.me;
    if (!me) return nothing;
    return html`<div class="head">
        <div>
          <h1>Account</h1>
          <board-email-status .me=${me}></board-email-status>
        </div>
        <button class="button" @click=${() => emit(this, "sign-out")}>Sign out</button>
      </div>
      ${this.renderProfile(me)} ${this.renderPasskeys()} ${this.renderTokens()} ${this.renderGrants()}`;
  }
}
customElements.define("board-account-view", BoardAccountView);
