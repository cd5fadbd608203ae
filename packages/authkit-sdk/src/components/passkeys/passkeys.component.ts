import { html, nothing, type PropertyDeclarations, type PropertyValues } from "lit";
import { AuthKitError, retryHelps, toAuthKitError } from "../../core/errors.ts";
import { format } from "../../i18n/index.ts";
import type { PasskeyDetails } from "../../modules/management/index.ts";
import { AuthkitElement } from "../base/authkit-element.ts";
import { keyIcon } from "../base/icons.ts";
import { buttons, panel, tokens } from "../base/tokens.styles.ts";
import type { PasskeysEvents, StatusKind } from "../events.ts";
import "../status/index.ts";
import { registerOrThrow, StepUpController, stepUpStyles } from "../base/step-up.ts";
import { fetchFromTokenUrl } from "../base/token-url.ts";
import { passkeysStyles } from "./passkeys.styles.ts";

/**
 * The signed-in person's passkeys on the site's own page: each with the authenticator's name (from
 * its AAGUID), when it was created and last used; rename; delete after a confirmation; add one on
 * this device. Works cross-origin with a manage-scoped user token (`POST /api/v1/user-token` with
 * `"scope": "manage"`), given as `token` or fetched from `assertion-url`.
 *
 * @event loaded - `{ passkeys }` whenever the list is (re)loaded.
 * @event renamed - `{ passkey }`.
 * @event deleted - `{ passkeyId }`.
 * @event added - `{ passkeyId }`.
 * @event error - `{ error, code }`.
 * @event expired - `{}`: the token expired and no `assertion-url` renews it; set a fresh `token`.
 * @csspart card - The container.
 * @csspart item - One passkey.
 * @csspart button - Every button.
 * @csspart status - The status line.
 * @cssprop --authkit-danger - The delete buttons.
 */
export class AuthkitPasskeys extends AuthkitElement<PasskeysEvents> {
  static override styles = [tokens, buttons, panel, stepUpStyles, passkeysStyles];
  static override properties: PropertyDeclarations = {
    token: {},
    assertionUrl: { attribute: "assertion-url" },
    passkeys: { state: true },
    editing: { state: true },
    confirming: { state: true },
    busy: { state: true },
    status: { state: true },
    message: { state: true },
    failure: { state: true },
  };

  /** Manage-scoped user token from POST /api/v1/user-token. This or `assertion-url` is required. */
  token = "";
  /** Your URL answering `{ userToken }` (scope manage), fetched with cookies on mount and when it expires. */
  assertionUrl = "";

  private passkeys: PasskeyDetails[] | undefined;
  private editing = "";
  private confirming = "";
  private busy = "";
  private status: StatusKind = "idle";
  private message = "";
  private failure = "";
  /** Adding and deleting may ask "Confirm it's you" first (the shared step-up). */
  readonly #stepUp = new StepUpController(this);
  #fetched = "";
  #failureRetry = true;

  protected override missingAttributes(): string[] {
    return [
      ...super.missingAttributes(),
      ...(this.token || this.assertionUrl ? [] : ["token or assertion-url"]),
    ];
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A passkey created elsewhere on the page (another element, the JS API) shows up here.
    window.addEventListener("authkit:passkey:added", this.#onAdded);
    void this.reload();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener("authkit:passkey:added", this.#onAdded);
  }

  readonly #onAdded = () => {
    if (!this.busy) void this.reload();
  };

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const later = (key: string) => changed.has(key) && changed.get(key) !== undefined;
    if (later("token") || later("apiBaseUrl") || later("assertionUrl")) void this.reload();
  }

  /** Loads the list again. */
  async reload(): Promise<void> {
    await this.updateComplete;
    // Events wait a task, so listeners a framework adds right after mounting hear them.
    await new Promise((resolve) => setTimeout(resolve));
    if (this.missingAttributes().length) {
      const error = new AuthKitError("configuration_error", this.missingMessage(this.missingAttributes()));
      this.emit("error", { error, code: error.code });
      return;
    }
    await this.#run("list", async (auth) => {
      this.passkeys = await auth.management.list();
      this.failure = "";
      this.emit("loaded", { passkeys: this.passkeys });
    });
  }

  async #rename(event: SubmitEvent, passkey: PasskeyDetails) {
    event.preventDefault();
    const input = (event.target as HTMLFormElement).elements.namedItem("name") as HTMLInputElement;
    const name = input.value.trim();
    if (!name || name === passkey.name) return void (this.editing = "");
    await this.#run(passkey.id, async (auth) => {
      const renamed = await auth.management.rename(passkey.id, name);
      this.passkeys = this.passkeys?.map((item) => (item.id === renamed.id ? renamed : item));
      this.editing = "";
      this.#say("success", this.t.passkeyRenamed);
      this.emit("renamed", { passkey: renamed });
    });
  }

  async #delete(passkey: PasskeyDetails) {
    await this.#run(passkey.id, async (auth) => {
      this.confirming = "";
      await this.#stepUp.run(auth, () => auth.management.delete(passkey.id), this.#prompting);
      this.passkeys = this.passkeys?.filter((item) => item.id !== passkey.id);
      this.#say("success", this.t.passkeyDeleted);
      this.emit("deleted", { passkeyId: passkey.id });
    });
  }

  async #add() {
    await this.#run("add", async (auth) => {
      this.#prompting();
      const result = await this.#stepUp.run(auth, () => registerOrThrow(auth, { name: "" }), this.#prompting);
      this.#say("success", this.t.passkeyCreated);
      if (result.passkeyId) this.emit("added", { passkeyId: result.passkeyId });
      this.passkeys = await auth.management.list();
    });
  }

  /** One operation at a time, with a fresh token from `assertion-url` when the one held expired. */
  async #run(what: string, work: (auth: ReturnType<AuthkitElement["authKit"]>) => Promise<void>) {
    if (this.busy) return;
    this.busy = what;
    try {
      try {
        await work(this.authKit(await this.#token()));
      } catch (thrown) {
        const error = toAuthKitError(thrown);
        if (error.serverCode !== "token_expired" || !this.assertionUrl) throw error;
        this.#fetched = "";
        await work(this.authKit(await this.#token()));
      }
    } catch (thrown) {
      const error = toAuthKitError(thrown);
      const text = this.describe(error, what === "add" ? "registration" : "management");
      if (what === "list") {
        this.#failureRetry = retryHelps(error);
        this.failure = text;
      } else this.#say("error", text);
      this.emit("error", { error, code: error.code });
      if (error.serverCode === "token_expired") this.emit("expired", {});
    } finally {
      this.busy = "";
    }
  }

  readonly #prompting = () => this.#say("loading", this.t.promptAny);

  async #token(): Promise<string> {
    if (this.token) return this.token;
    this.#fetched ||= await fetchFromTokenUrl(
      this.authKit(),
      "assertion-url",
      this.assertionUrl,
      "userToken",
    );
    return this.#fetched;
  }

  #say(status: StatusKind, message: string) {
    this.status = status;
    this.message = message;
  }

  #date(iso: string): string {
    try {
      return new Intl.DateTimeFormat(this.locale, { dateStyle: "medium" }).format(new Date(iso));
    } catch {
      return iso.slice(0, 10);
    }
  }

  #item(passkey: PasskeyDetails) {
    const t = this.t;
    const busy = this.busy === passkey.id;
    const used = passkey.last_used
      ? format(t.passkeyLastUsed, { date: this.#date(passkey.last_used) })
      : t.passkeyNeverUsed;
    const meta = [
      passkey.authenticator,
      format(t.passkeyCreatedOn, { date: this.#date(passkey.created_at) }),
      used,
    ];
    return html`<li part="item">
      <div class="row">
        ${keyIcon}
        <div class="what">
          <p class="name">
            ${passkey.name}${passkey.synced ? html`<span class="badge">${t.passkeySynced}</span>` : nothing}
          </p>
          <p class="meta">${meta.filter(Boolean).join(" · ")}</p>
        </div>
        <div class="actions">
          <button
            class="button secondary-button"
            part="button"
            type="button"
            ?disabled=${Boolean(this.busy)}
            aria-label=${`${t.rename}: ${passkey.name}`}
            @click=${() => this.#open("edit", passkey.id)}
          >
            ${t.rename}
          </button>
          <button
            class="button danger-button"
            part="button"
            type="button"
            ?disabled=${Boolean(this.busy)}
            aria-label=${`${t.delete}: ${passkey.name}`}
            @click=${() => this.#open("confirm", passkey.id)}
          >
            ${t.delete}
          </button>
        </div>
      </div>
      ${this.editing === passkey.id ? this.#renameForm(passkey, busy) : nothing}
      ${this.confirming === passkey.id ? this.#confirm(passkey, busy) : nothing}
    </li>`;
  }

  async #open(which: "edit" | "confirm", id: string) {
    this.editing = which === "edit" ? id : "";
    this.confirming = which === "confirm" ? id : "";
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(which === "edit" ? "form input" : ".confirm .solid")?.focus();
  }

  #renameForm(passkey: PasskeyDetails, busy: boolean) {
    const t = this.t;
    return html`<form
      @submit=${(event: SubmitEvent) => void this.#rename(event, passkey)}
      @keydown=${(event: KeyboardEvent) => event.key === "Escape" && (this.editing = "")}
    >
      <label for="name-${passkey.id}">${t.renameLabel}</label>
      <input
        id="name-${passkey.id}"
        name="name"
        maxlength="100"
        required
        .value=${passkey.name}
        autocomplete="off"
      />
      <div class="actions">
        <button class="button primary-button" part="button" type="submit" ?disabled=${busy}>${t.save}</button>
        <button
          class="button secondary-button"
          part="button"
          type="button"
          @click=${() => (this.editing = "")}
        >
          ${t.cancel}
        </button>
      </div>
    </form>`;
  }

  #confirm(passkey: PasskeyDetails, busy: boolean) {
    const t = this.t;
    const last = this.passkeys?.length === 1;
    return html`<div
      class="confirm"
      role="alertdialog"
      aria-labelledby="confirm-${passkey.id}"
      @keydown=${(event: KeyboardEvent) => event.key === "Escape" && (this.confirming = "")}
    >
      <p id="confirm-${passkey.id}"><strong>${format(t.deleteTitle, { name: passkey.name })}</strong></p>
      <p>${t.deleteText}${last ? html` ${t.deleteLast}` : nothing}</p>
      <div class="actions">
        <button
          class="button danger-button solid"
          part="button"
          type="button"
          ?disabled=${busy}
          @click=${() => void this.#delete(passkey)}
        >
          ${t.delete}
        </button>
        <button
          class="button secondary-button"
          part="button"
          type="button"
          @click=${() => (this.confirming = "")}
        >
          ${t.cancel}
        </button>
      </div>
    </div>`;
  }

  protected override render() {
    const missing = this.missingAttributes();
    if (missing.length) return this.renderUnavailable(this.missingMessage(missing));
    const t = this.t;
    if (this.failure) {
      const retry = this.#failureRetry ? () => void this.reload() : undefined;
      return this.renderErrorPanel(t.somethingWrong, this.failure, retry);
    }
    const list = this.passkeys;
    const body = !list
      ? html`<p class="loading" role="status">${t.passkeysLoading}</p>`
      : list.length
        ? html`<ul>
            ${list.map((passkey) => this.#item(passkey))}
          </ul>`
        : html`<p class="empty">${t.passkeysEmpty}</p>`;
    return html`<section class="card" part="card" aria-labelledby="title">
      <div class="header">
        <h2 id="title">${t.passkeysTitle}</h2>
        <button
          class="button primary-button"
          part="button"
          type="button"
          ?disabled=${Boolean(this.busy) || !list}
          @click=${() => void this.#add()}
        >
          ${t.registerLabel}
        </button>
      </div>
      ${body} ${this.#stepUp.render(t)}
      ${
        this.silent || this.#stepUp.open
          ? nothing
          : html`<authkit-status
              part="status"
              theme=${this.themeController.resolved}
              .status=${this.status}
              .message=${this.message}
            ></authkit-status>`
      }
    </section>`;
  }
}
