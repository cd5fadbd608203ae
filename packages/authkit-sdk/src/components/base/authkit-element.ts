import { html, LitElement, type PropertyDeclarations, type TemplateResult } from "lit";
import { AuthKit } from "../../core/authkit.ts";
import { toAuthKitError, type AuthKitError } from "../../core/errors.ts";
import {
  describeWith,
  isLocaleLoaded,
  loadLocale,
  messagesFor,
  type ErrorAction,
  type Messages,
} from "../../i18n/index.ts";
import type { ComponentEventMap } from "../events.ts";
import { errorIcon, warningIcon } from "./icons.ts";
import { ThemeController, type ResolvedTheme, type ThemeSetting } from "./theme.ts";

/**
 * What every AuthKit element shares: the `theme`, `debug`, `silent` and `api-base-url` attributes,
 * a typed `emit()` for the element's own event map, the 'Authentication Unavailable' panel, and an
 * AuthKit instance built from the attributes.
 */
export class AuthkitElement<Events extends object = Record<string, unknown>> extends LitElement {
  static override properties: PropertyDeclarations = {
    apiBaseUrl: { attribute: "api-base-url" },
    theme: { reflect: true },
    debug: { type: Boolean },
    silent: { type: Boolean },
    lang: {},
    messages: { type: Object },
  };

  /** URL of the auth server. */
  apiBaseUrl = "";
  /** 'auto' (follows the OS), 'dark', 'light', or 'class' (dark when the page has a `dark` class). */
  theme: ThemeSetting = "auto";
  /** Log to the console with the [SDK] prefix. */
  debug = false;
  /** Suppress the element's own status messages. */
  silent = false;
  /**
   * The language of the element's texts (`en`, `de`, `fr`, `es`; `de-AT` counts as `de`). Unset:
   * the nearest `lang` on the page, else the browser's language.
   */
  override lang = "";
  /** The site's own wording: any sentences of the catalog, by key (also a JSON `messages` attribute). */
  messages: Partial<Messages> | null = null;
  /** The framing page, when this element runs in one of the SDK's embeds (set by the embed). */
  pageOrigin = "";

  protected readonly themeController = new ThemeController(this, (theme) => this.themeChanged(theme));

  /** Called when the resolved theme changes (the authenticate component forwards it to its iframe). */
  protected themeChanged(_theme: ResolvedTheme): void {}

  // `addEventListener` typed with the element's own events first, so that
  // `element.addEventListener("success", (e) => e.detail.challengeId)` compiles under `strict`.
  override addEventListener<K extends keyof Events & string>(
    type: K,
    listener: (this: this, event: ComponentEventMap<Events>[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  override addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: this, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  override addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ): void;
  override addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null | ((event: never) => unknown),
    options?: boolean | AddEventListenerOptions,
  ): void {
    super.addEventListener(type, listener as EventListenerOrEventListenerObject, options);
  }

  override removeEventListener<K extends keyof Events & string>(
    type: K,
    listener: (this: this, event: ComponentEventMap<Events>[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  override removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: this, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  override removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ): void;
  override removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null | ((event: never) => unknown),
    options?: boolean | EventListenerOptions,
  ): void {
    super.removeEventListener(type, listener as EventListenerOrEventListenerObject, options);
  }

  /** Dispatches one of the element's declared events (non-bubbling, with `detail`). */
  protected emit<K extends keyof Events & string>(
    name: K,
    ...detail: Events[K] extends undefined ? [] : [Events[K]]
  ): void {
    this.dispatchEvent(new CustomEvent(name, { detail: detail[0], bubbles: false, composed: false }));
  }

  /** The language in use: `lang`, the page's nearest `lang`, or the browser's. */
  get locale(): string {
    return (
      this.lang ||
      this.closest("[lang]")?.getAttribute("lang") ||
      document.documentElement.lang ||
      (typeof navigator === "undefined" ? "en" : navigator.language)
    );
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.localeReady();
  }

  /** Loads the element's language (a lazy chunk but for English) and renders again once it is there. */
  protected localeReady(): Promise<unknown> {
    const locale = this.locale;
    if (isLocaleLoaded(locale)) return Promise.resolve();
    return loadLocale(locale).then(
      () => this.requestUpdate(),
      () => undefined, // the chunk could not load: English stays
    );
  }

  /** The sentences to show, in the element's language with the site's overrides. */
  protected get t(): Messages {
    const locale = this.locale;
    if (!isLocaleLoaded(locale)) void this.localeReady();
    return messagesFor(locale, this.messages);
  }

  /** An AuthKit instance for the current attributes (`token` given by the caller). */
  protected authKit(token?: string): AuthKit {
    return new AuthKit({
      apiBaseUrl: this.apiBaseUrl,
      debug: this.debug,
      locale: this.locale,
      ...(this.messages ? { messages: this.messages } : {}),
      ...(this.pageOrigin ? { embedOrigin: this.pageOrigin } : {}),
      ...(token ? { token } : {}),
    });
  }

  /** The `error` event detail for anything thrown. */
  protected errorDetail(thrown: unknown): { error: AuthKitError; code: AuthKitError["code"] } {
    const error = toAuthKitError(thrown);
    return { error, code: error.code };
  }

  /** What the person reads for an error, in their language (never the developer's message). */
  protected describe(error: AuthKitError, action: ErrorAction = "sign-in"): string {
    return describeWith(error, this.t, action);
  }

  /** The names of required attributes that are missing (shown in the unavailable panel). */
  protected missingAttributes(): string[] {
    return this.apiBaseUrl ? [] : ["api-base-url"];
  }

  /** The 'Authentication Unavailable' panel, for a missing attribute or an unusable browser. */
  protected renderUnavailable(message: string): TemplateResult {
    return html`<div class="panel" part="panel" role="alert">
      ${warningIcon}
      <div>
        <p class="panel-title">${this.t.unavailableTitle}</p>
        <p class="panel-message" part="message">${message}</p>
      </div>
    </div>`;
  }

  /** An error panel with an optional retry button. */
  protected renderErrorPanel(title: string, message: string, retry?: () => void): TemplateResult {
    return html`<div class="panel panel-error" part="panel" role="alert">
      ${errorIcon}
      <div>
        <p class="panel-title">${title}</p>
        <p class="panel-message" part="message">${message}</p>
        ${
          retry
            ? html`<button
                class="button secondary-button retry"
                part="retry-button"
                type="button"
                @click=${retry}
              >
                ${this.t.tryAgain}
              </button>`
            : null
        }
      </div>
    </div>`;
  }

  /** Developer-facing text for missing attributes. */
  protected missingMessage(missing: string[]): string {
    const list = missing.map((name) => `"${name}"`).join(" and ");
    return `This element is not configured: ${list} ${missing.length > 1 ? "are" : "is"} missing.`;
  }
}
