import type { ReactiveController, ReactiveControllerHost } from "lit";

/** The `theme` attribute: follow the OS (`auto`), fixed, or follow a `dark` class on the page (`class`). */
export type ThemeSetting = "auto" | "dark" | "light" | "class";
export type ResolvedTheme = "light" | "dark";

type Host = ReactiveControllerHost & HTMLElement & { theme: ThemeSetting };

/**
 * Resolves the theme to light or dark, sets it as the host's `data-theme` attribute (the styles key
 * off it), and keeps it current: OS preference changes for `auto`, the page's `dark` class (on
 * `<html>`, `<body>` or an ancestor of the element) for `class`.
 */
export class ThemeController implements ReactiveController {
  resolved: ResolvedTheme = "light";
  #media: MediaQueryList | undefined;
  #observer: MutationObserver | undefined;

  constructor(
    private readonly host: Host,
    private readonly onChange?: (theme: ResolvedTheme) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.#media = window.matchMedia?.("(prefers-color-scheme: dark)");
    this.#media?.addEventListener("change", this.apply);
    this.#observer = new MutationObserver(this.apply);
    for (const element of [document.documentElement, document.body]) {
      if (element) this.#observer.observe(element, { attributes: true, attributeFilter: ["class"] });
    }
    this.apply();
  }

  hostDisconnected(): void {
    this.#media?.removeEventListener("change", this.apply);
    this.#observer?.disconnect();
  }

  /** Before each render, so children rendered with the resolved theme get the current one. */
  hostUpdate(): void {
    this.apply();
  }

  readonly apply = (): void => {
    const { theme } = this.host;
    const dark =
      theme === "dark" ||
      (theme === "class" &&
        (this.host.closest(".dark") !== null || document.body?.classList.contains("dark"))) ||
      ((theme === "auto" || !theme) && this.#media?.matches === true);
    const resolved: ResolvedTheme = dark ? "dark" : "light";
    if (this.host.dataset.theme !== resolved) this.host.dataset.theme = resolved;
    if (resolved !== this.resolved) {
      this.resolved = resolved;
      this.onChange?.(resolved);
    }
  };
}

/** The custom properties a site may set; the authenticate component forwards them into its iframe. */
export const THEME_VARIABLES = [
  "--authkit-font-family",
  "--authkit-font-size",
  "--authkit-radius",
  "--authkit-primary",
  "--authkit-primary-hover",
  "--authkit-on-primary",
  "--authkit-text",
  "--authkit-muted",
  "--authkit-surface",
  "--authkit-border",
  "--authkit-success",
  "--authkit-danger",
  "--authkit-focus-ring",
  "--authkit-button-height",
] as const;

/** The site's values of THEME_VARIABLES on an element. */
export function themeVariables(element: Element): Record<string, string> {
  const style = getComputedStyle(element);
  const values: Record<string, string> = {};
  for (const name of THEME_VARIABLES) {
    const value = style.getPropertyValue(name).trim();
    if (value) values[name] = value;
  }
  return values;
}

/** A forwarded value is applied only if it cannot load anything or break out of the declaration. */
export function isSafeCssValue(value: string): boolean {
  return value.length <= 200 && !/[;{}<>\\]|url\(|image-set\(|@import|expression\(/i.test(value);
}
