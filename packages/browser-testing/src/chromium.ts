import { existsSync } from "node:fs";
import { chromium, type Browser, type LaunchOptions } from "playwright-core";

/** Debian's Chromium (`apt-get install chromium`); `CHROMIUM_PATH` points elsewhere (e.g. google-chrome on CI images). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Flags that work headless as root on these machines (no GPU, no background traffic). */
export const CHROMIUM_ARGS = [
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * Launches headless Chromium (never a downloaded browser). playwright-core gives each launch a
 * fresh temporary profile (`--user-data-dir`) and passes `--no-sandbox` with `chromiumSandbox: false`.
 */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    chromiumSandbox: false,
    args: CHROMIUM_ARGS,
    ...options,
  });
}
