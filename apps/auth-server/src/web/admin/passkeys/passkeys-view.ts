import { startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { html, LitElement, nothing, type PropertyDeclarations } from "lit";
import { ApiError, call, errorMessage, type OwnPasskey } from "../api.ts";
import { formatDateTime } from "../format.ts";
import { format, t } from "../i18n.ts";
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
  invite: t.passkeys.viaInvite,
  dashboard: t.passkeys.viaDashboard,
  direct: t.passkeys.viaDirect,
  qr: t.passkeys.viaQr,
};

/** What the browser's passkey dialog ended with, for the person. */
function ceremonyMessage(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error);
  const name = error instanceof WebAuthnError ? error.code : (error as { name?: string } | null)?.name;
  if (name === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") {
    return t.passkeys.alreadyHeld;
  }
  return t.passkeys.notCreated;
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
      const { challengeId, options } = await withStepUp(() =>
        call("startOwnPasskeyRegistration", { body: name ? { name } : {} }),
      );
      const credential = await startRegistration({ optionsJSON: options as never });
      // The browser's credential JSON, which the schema (a loose object) checks on the server.
      passkey = await call("finishOwnPasskeyRegistration", {
        body: { challengeId, credential: credential as never },
      });
    } catch (error) {
      throw new ApiError(0, "passkey_not_created", ceremonyMessage(error));
    }
    this.passkeys = [...(this.passkeys ?? []), passkey];
    notify(format(t.passkeys.added, { name: passkey.name }));
    return passkey;
  });

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  async load(): Promise<void> {
    this.error = "";
    try {
      this.passkeys = (await call("listOwnPasskeys")).data;
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  async #remove(passkey: OwnPasskey) {
    const confirmed = await confirmAction({
      title: format(t.passkeys.removeTitle, { name: passkey.name }),
      message: t.passkeys.removeMessage,
      confirmLabel: t.passkeys.removeConfirm,
    });
    if (!confirmed) return;
    this.removing = passkey.id;
    try {
      await withStepUp(() => call("deleteOwnPasskey", { params: { passkey_id: passkey.id } }));
      this.passkeys = this.passkeys?.filter((p) => p.id !== passkey.id);
      notify(format(t.passkeys.removed, { name: passkey.name }));
      (this.renderRoot.querySelector("h1") as HTMLElement | null)?.focus();
    } catch (error) {
      notify(format(t.passkeys.removeFailed, { error: errorMessage(error) }));
    } finally {
      this.removing = "";
    }
  }

  #table(passkeys: OwnPasskey[]) {
    const onlyOne = passkeys.length === 1;
    return html`<div class="table-wrap">
        <table aria-label=${t.passkeys.heading}>
          <thead>
            <tr>
              <th scope="col">${t.passkeys.name}</th>
              <th scope="col" class="hide-narrow">${t.passkeys.createdVia}</th>
              <th scope="col" class="hide-narrow">${t.passkeys.created}</th>
              <th scope="col">${t.passkeys.lastUsed}</th>
              <th scope="col"><span class="sr-only">${t.common.actions}</span></th>
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
                            aria-label=${format(t.passkeys.removeLabel, { name: passkey.name })}
                            @click=${() => this.#remove(passkey)}
                          >
                            ${this.removing === passkey.id ? t.passkeys.removing : t.passkeys.remove}
                          </button>`
                    }
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${onlyOne ? html`<p class="muted last-note">${t.passkeys.onlyOne}</p>` : nothing}`;
  }

  #content() {
    if (this.error) {
      return loadFailed(format(t.passkeys.loadFailed, { error: this.error }), () => this.load());
    }
    if (!this.passkeys) return html`<p class="state muted" role="status">${t.passkeys.loading}</p>`;
    if (this.passkeys.length === 0) return emptyState(keyIcon, t.passkeys.emptyTitle, t.passkeys.emptyText);
    return this.#table(this.passkeys);
  }

  #dialogContent() {
    const { result } = this.adding;
    if (result) {
      return html`<p class="success-line">${format(t.passkeys.addedText, { name: result.name })}</p>
        ${this.adding.doneButton()}`;
    }
    return html`<form id="add-passkey-form" @submit=${this.adding.onSubmit} novalidate>
        ${this.adding.errorAlert()}
        <div class="field">
          <label for="passkey-name"
            >${t.passkeys.name} <span class="faint">${t.passkeys.optional}</span></label
          >
          <input id="passkey-name" name="name" maxlength="100" autocomplete="off" />
          <span class="hint">${t.passkeys.nameHint}</span>
        </div>
      </form>
      ${this.adding.formButtons("add-passkey-form", t.passkeys.create, t.passkeys.waiting)}`;
  }

  protected override render() {
    return html`<header class="view-header">
        <div>
          <h1 tabindex="-1">${t.passkeys.heading}</h1>
          <p class="subtitle">${t.passkeys.subtitle}</p>
        </div>
        <button class="button primary" type="button" @click=${this.adding.open}>${t.passkeys.add}</button>
      </header>
      <section class="card" aria-label=${t.passkeys.heading}>${this.#content()}</section>
      <kit-dialog
        heading=${this.adding.result ? t.passkeys.addedHeading : t.passkeys.add}
        close-label=${t.common.close}
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
