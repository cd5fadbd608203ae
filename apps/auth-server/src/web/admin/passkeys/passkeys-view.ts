import { startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { html, LitElement, nothing, type PropertyDeclarations } from "lit";
import { api, ApiError, errorMessage, type OwnPasskey } from "../api.ts";
import { formatDateTime } from "../format.ts";
import { shared } from "../styles.ts";
import "@org/web-kit/dialog";
import { confirmAction, notify } from "../ui/confirm.ts";
import { FormDialog } from "../ui/form-dialog.ts";
import { keyIcon } from "../ui/icons.ts";
import { withStepUp } from "../ui/step-up.ts";
import { lastUsedCell, passkeyNameCell } from "../ui/passkey-cells.ts";
import { emptyState, loadFailed } from "../ui/paged-table.ts";
import { passkeysViewStyles } from "./passkeys-view.styles.ts";

const CREATED_VIA: Record<NonNullable<OwnPasskey["created_via"]>, string> = {
  invite: "Invite link",
  dashboard: "Added here",
  direct: "Directly",
  qr: "Phone (QR code)",
};

/** What the browser's passkey dialog ended with, for the person. */
function ceremonyMessage(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error);
  const name = error instanceof WebAuthnError ? error.code : (error as { name?: string } | null)?.name;
  if (name === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") {
    return "This authenticator already holds one of your passkeys.";
  }
  return "The passkey was not created (the dialog was closed or timed out). Try again.";
}

/**
 * `#/passkeys`: the signed-in administrator's own passkeys (name, authenticator, how it was made,
 * created, last used); add one on this device or a key or phone, remove any but the last. Nobody
 * else can add a passkey to this account.
 */
export class PasskeysView extends LitElement {
  static override properties: PropertyDeclarations = {
    passkeys: { state: true },
    error: { state: true },
    removing: { state: true },
  };
  static override styles = [shared, passkeysViewStyles];

  passkeys: OwnPasskey[] | undefined;
  error = "";
  removing = "";

  /** "Add a passkey": the browser's passkey dialog, then the new passkey is shown in the list. */
  readonly adding = new FormDialog(this, async (form) => {
    const name = String(new FormData(form).get("name") ?? "").trim();
    let passkey: OwnPasskey;
    try {
      // A passkey used in the last 5 minutes first (the server asks; ui/step-up.ts).
      const { challengeId, options } = await withStepUp(() => api.me.startPasskey(name || undefined));
      const credential = await startRegistration({ optionsJSON: options as never });
      passkey = await api.me.finishPasskey({ challengeId, credential });
    } catch (error) {
      throw new ApiError(0, "passkey_not_created", ceremonyMessage(error));
    }
    this.passkeys = [...(this.passkeys ?? []), passkey];
    notify(`Passkey “${passkey.name}” added.`);
    return passkey;
  });

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  async load(): Promise<void> {
    this.error = "";
    try {
      this.passkeys = (await api.me.passkeys()).data;
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  async #remove(passkey: OwnPasskey) {
    const confirmed = await confirmAction({
      title: `Remove the passkey “${passkey.name}”?`,
      message:
        "You can no longer sign in to the dashboard with it (the device may still list it). This cannot be undone.",
      confirmLabel: "Remove passkey",
    });
    if (!confirmed) return;
    this.removing = passkey.id;
    try {
      await withStepUp(() => api.me.removePasskey(passkey.id));
      this.passkeys = this.passkeys?.filter((p) => p.id !== passkey.id);
      notify(`Passkey “${passkey.name}” removed.`);
      (this.renderRoot.querySelector("h1") as HTMLElement | null)?.focus();
    } catch (error) {
      notify(`Couldn't remove the passkey: ${errorMessage(error)}`);
    } finally {
      this.removing = "";
    }
  }

  #table(passkeys: OwnPasskey[]) {
    const onlyOne = passkeys.length === 1;
    return html`<div class="table-wrap">
        <table aria-label="Your passkeys">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" class="hide-narrow">Created via</th>
              <th scope="col" class="hide-narrow">Created</th>
              <th scope="col">Last used</th>
              <th scope="col"><span class="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            ${passkeys.map(
              (passkey) =>
                html`<tr>
                  ${passkeyNameCell(passkey)}
                  <td class="hide-narrow">
                    ${passkey.created_via ? CREATED_VIA[passkey.created_via] : html`<span class="faint">—</span>`}
                  </td>
                  <td class="hide-narrow nowrap">${formatDateTime(passkey.created_at)}</td>
                  ${lastUsedCell(passkey)}
                  <td class="actions-cell">
                    ${
                      onlyOne
                        ? nothing
                        : html`<button
                            class="button danger-outline small"
                            type="button"
                            ?disabled=${this.removing === passkey.id}
                            aria-label=${`Remove passkey ${passkey.name}`}
                            @click=${() => this.#remove(passkey)}
                          >
                            ${this.removing === passkey.id ? "Removing…" : "Remove"}
                          </button>`
                    }
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${
        onlyOne
          ? html`<p class="muted last-note">
              This is your only passkey, so it can't be removed. Add a second one (another device, a security
              key) so that losing one doesn't lock you out.
            </p>`
          : nothing
      }`;
  }

  #content() {
    if (this.error) {
      return loadFailed("your passkeys", this.error, () => this.load());
    }
    if (!this.passkeys) return html`<p class="state muted" role="status">Loading passkeys…</p>`;
    if (this.passkeys.length === 0) return emptyState(keyIcon, "No passkeys", "Add one to sign in here.");
    return this.#table(this.passkeys);
  }

  #dialogContent() {
    const { result } = this.adding;
    if (result) {
      return html`<p class="success-line">
          “${result.name}” is one of your passkeys now: use it the next time you sign in.
        </p>
        ${this.adding.doneButton()}`;
    }
    return html`<form id="add-passkey-form" @submit=${this.adding.onSubmit} novalidate>
        ${this.adding.errorAlert()}
        <div class="field">
          <label for="passkey-name">Name <span class="faint">(optional)</span></label>
          <input id="passkey-name" name="name" maxlength="100" autocomplete="off" />
          <span class="hint"
            >Your browser then asks where to keep it: this device, a security key or your phone.</span
          >
        </div>
      </form>
      ${this.adding.formButtons("add-passkey-form", "Create passkey", "Waiting for your passkey…")}`;
  }

  protected override render() {
    return html`<header class="view-header">
        <div>
          <h1 tabindex="-1">Your passkeys</h1>
          <p class="subtitle">
            The passkeys that sign you in to this dashboard. Only you can add one, from here; nobody else's
            session or invite link can.
          </p>
        </div>
        <button class="button primary" type="button" @click=${this.adding.open}>Add a passkey</button>
      </header>
      <section class="card" aria-label="Your passkeys">${this.#content()}</section>
      <kit-dialog heading=${this.adding.result ? "Passkey added" : "Add a passkey"}
        >${this.#dialogContent()}</kit-dialog
      >`;
  }
}
customElements.define("passkeys-view", PasskeysView);

declare global {
  interface HTMLElementTagNameMap {
    "passkeys-view": PasskeysView;
  }
}
