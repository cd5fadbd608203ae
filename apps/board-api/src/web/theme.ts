// Light, dark or the system's: a `dark` class on <html> (the SDK's components use theme="class").
export type ThemeChoice = "auto" | "light" | "dark";

const KEY = "board-theme";
const media = matchMedia("(prefers-color-scheme: dark)");

export function themeChoice(): ThemeChoice {
  const saved = localStorage.getItem(KEY);
  return saved === "light" || saved === "dark" ? saved : "auto";
}

export function applyTheme(choice: ThemeChoice = themeChoice()): void {
  const dark = choice === "dark" || (choice === "auto" && media.matches);
  document.documentElement.classList.toggle("dark", dark);
}

export function setTheme(choice: ThemeChoice): void {
  if (choice === "auto") localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, choice);
  applyTheme(choice);
}

media.addEventListener("change", () => applyTheme());
