// What a new passkey is called in Account → Passkeys: the device it was made on, as the browser
// and operating system ("Chrome on macOS"), so a person with several can tell them apart.
import Bowser from "bowser";

export function deviceName(userAgent: string): string {
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return os.name ? `Passkey on ${os.name}` : "Passkey";
  return os.name ? `${browser.name} on ${os.name}` : browser.name;
}
