// What a new passkey is called: the device it was made on, as the browser and operating system
// ("Chrome on macOS"), so a person with several can tell them apart. The board's pages name the
// laptop's; the auth server names one made on a phone through the QR code after the phone.
import Bowser from "bowser";

/** "Chrome on macOS" from a User-Agent; "Passkey" when it names neither browser nor system. */
export function deviceName(userAgent: string): string {
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return os.name ? `Passkey on ${os.name}` : "Passkey";
  return os.name ? `${browser.name} on ${os.name}` : browser.name;
}
