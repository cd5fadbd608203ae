// Light or dark: a `dark` class on <html>, which palette.css and the SDK's components (theme="class")
// follow. The choice is "auto" (the system's prefers-color-scheme, followed as it changes), "light" or
// "dark"; a page with a theme switch can save it in localStorage under a key of its own.
export type ThemeChoice = "auto" | "light" | "dark";

const media = matchMedia("(prefers-color-scheme: dark)");
let storageKey: string | undefined;
let choice: ThemeChoice = "auto";
let following = false;

function saved(key: string): ThemeChoice {
  try {
    const value = localStorage.getItem(key);
    return value === "light" || value === "dark" ? value : "auto";
  } catch {
    return "auto"; // storage blocked (privacy settings): follow the system
  }
}

function render(): void {
  const dark = choice === "dark" || (choice === "auto" && media.matches);
  document.documentElement.classList.toggle("dark", dark);
}

/**
 * Sets the `dark` class from the choice saved under `key` (none: the system's setting), and keeps
 * following the system while the choice is "auto". Call it from the page script's first import,
 * before any component renders.
 */
export function applyTheme(key?: string): ThemeChoice {
  storageKey = key;
  choice = key ? saved(key) : "auto";
  render();
  if (!following) {
    following = true;
    media.addEventListener("change", render);
  }
  return choice;
}

/** The current choice. */
export function themeChoice(): ThemeChoice {
  return choice;
}

/** A theme switch's new choice: applied at once, and saved when applyTheme was given a key. */
export function setTheme(next: ThemeChoice): void {
  choice = next;
  if (storageKey) {
    try {
      if (next === "auto") localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, next);
    } catch {
      // storage blocked: the choice lasts until the page is left
    }
  }
  render();
}
