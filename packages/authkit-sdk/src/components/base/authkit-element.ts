import { html, LitElement, type PropertyDeclarations, type TemplateResult } from "lit";
import { AuthKit } from "../../core/authkit.ts";
import { toAuthKitError, type AuthKitError } from "../../core/errors.ts";
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
  };

  /** URL of the auth server. */
  apiBaseUrl = "";
  /** 'auto' (follows the OS), 'dark', 'light', or 'class' (dark when the page has a `dark` class). */
  theme: ThemeSetting = "auto";
  /** Log to the console with the [SDK] prefix. */
  debug = false;
  /** Suppress the element's own status messages. */
  silent = false;

  protected readonly themeController = new ThemeController(this, (theme) => this.themeChanged(theme));

  /** Called when the resolved theme changes (the authenticate component forwards it to its iframe). */
  protected themeChanged(_theme: ResolvedTheme): void {}

  /** Dispatches one of the element's declared events (non-bubbling, with `detail`). */
  protected emit<K extends keyof Events & string>(
    name: K,
    ...detail: Events[K] extends undefined ? [] : [Events[K]]
  ): void {
    this.dispatchEvent(new CustomEvent(name, { detail: detail[0], bubbles: false, composed: false }));
  }

  /** An AuthKit instance for the current attributes (`token` given by the caller). */
  protected authKit(token?: string): AuthKit {
    return new AuthKit({ apiBaseUrl: this.apiBaseUrl, debug: this.debug, ...(token ? { token } : {}) });
  }

  /** The `error` event detail for anything thrown. */
  protected errorDetail(thrown: unknown): { error: AuthKitError; code: AuthKitError["code"] } {
    const error = toAuthKitError(thrown);
    return { error, code: error.code };
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
        <p class="panel-title">Authentication Unavailable</p>
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
                Try again
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
