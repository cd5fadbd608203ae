// Handles: what `@handle` mentions name. The rule and the suggestion from a name are shared by the
// server (sign-up, `cli user create`) and the web app's sign-up form, which suggests one as the
// person types; no dependencies, so a page can import it alone (`@org/contracts/handles`).

/** What `@handle` mentions name: 2..32 of lower-case letters, digits, `_` and `-`, starting with a letter or digit. */
export const HANDLE_PATTERN = /^[a-z0-9][a-z0-9_-]{1,31}$/;

/** `Ada Lovelace` → `ada`; falls back to the email's local part, then to `user`. */
export function handleStem(name: string, email = ""): string {
  const clean = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, "")
      .replace(/^[_-]+/, "")
      .slice(0, 28);
  const first = clean(name.trim().split(/\s+/)[0] ?? "");
  if (first.length >= 2) return first;
  const local = clean(email.split("@")[0]?.split("+")[0] ?? "");
  return local.length >= 2 ? local : "user";
}
