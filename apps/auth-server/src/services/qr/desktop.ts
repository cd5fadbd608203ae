import Bowser from "bowser";

/** "Chrome 131 on macOS", from a User-Agent header, for the phone to show who asked. */
export function describeBrowser(userAgent: string | undefined): string {
  if (!userAgent) return "An unknown browser";
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split(".")[0];
  const name = browser.name ? `${browser.name}${major ? ` ${major}` : ""}` : "An unknown browser";
  return `${name}${os.name ? ` on ${os.name}` : ""}`.slice(0, 200);
}
