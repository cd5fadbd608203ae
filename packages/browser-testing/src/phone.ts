// The phone of the cross-device tests: a mobile browser context with a virtual authenticator of
// its own, and a camera that reads the QR code a desktop page shows.
import jsQR from "jsqr";
import type { Browser, Locator } from "playwright-core";
import { addVirtualAuthenticator } from "./authenticator.ts";

export const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
export const DESKTOP_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A phone: 375 px wide, touch, a mobile user agent, its own (platform) authenticator, maybe a language. */
export async function openPhone(browser: Browser, colorScheme: "light" | "dark" = "light", locale?: string) {
  const context = await browser.newContext({
    // The phone's language (its Accept-Language and navigator.language); Chromium's default otherwise.
    ...(locale ? { locale } : {}),
    viewport: { width: 375, height: 760 },
    userAgent: PHONE_USER_AGENT,
    isMobile: true,
    hasTouch: true,
    colorScheme,
  });
  const page = await context.newPage();
  const authenticator = await addVirtualAuthenticator(page);
  return { context, page, authenticator };
}

const SIZE = 300;

/** What a camera pointed at the QR `<img>` reads: its pixels, decoded with jsQR. */
export async function scanQr(image: Locator): Promise<string> {
  await image.waitFor();
  const pixels = await image.evaluate(async (element, size) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, size, size);
    context.drawImage(img, 0, 0, size, size);
    const { data } = context.getImageData(0, 0, size, size);
    let binary = "";
    for (const byte of data) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, SIZE);
  const code = jsQR(new Uint8ClampedArray(Buffer.from(pixels, "base64")), SIZE, SIZE);
  if (!code) throw new Error("No QR code could be read from the image.");
  return code.data;
}
