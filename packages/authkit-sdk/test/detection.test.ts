import type { DetectionEnvironment } from "../src/detection/environment.ts";
import { detectMode, type RequestedMode } from "../src/detection/mode.ts";
import {
  attachmentSetting,
  effectiveAttachment,
  registerAttachment,
  requestedAttachment,
} from "../src/detection/attachment.ts";
import { iosMajorVersion, isGecko, isMobile } from "../src/detection/user-agent.ts";

const UA = {
  chromeLinux:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  firefoxMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0",
  waterfox: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Waterfox/6.5.0",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  iphone17:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  iphone18:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  ipadAsMac17:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15",
  android:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
};

function env(
  overrides: Partial<Omit<DetectionEnvironment, "platformAuthenticator">> & { platform?: boolean } = {},
) {
  const { platform = false, ...rest } = overrides;
  let asked = 0;
  const environment: DetectionEnvironment & { asked(): number } = {
    isSecureContext: true,
    hasWebAuthn: true,
    userAgent: UA.chromeLinux,
    maxTouchPoints: 0,
    ...rest,
    platformAuthenticator: async () => {
      asked += 1;
      return platform;
    },
    asked: () => asked,
  };
  return environment;
}

describe("detectMode: the mode table", () => {
  const rows: [string, Parameters<typeof env>[0], RequestedMode, string, string][] = [
    ["0a passkey forced, WebAuthn available", {}, "passkey", "passkey", "override"],
    [
      "0b passkey forced, no WebAuthn",
      { hasWebAuthn: false },
      "passkey",
      "unavailable",
      "passkey_unsupported",
    ],
    [
      "0b passkey forced, insecure",
      { isSecureContext: false },
      "passkey",
      "unavailable",
      "passkey_unsupported",
    ],
    ["0c qr forced", { userAgent: UA.iphone18 }, "qr", "qr", "override"],
    ["0d qr-desktop on a desktop", { platform: true }, "qr-desktop", "qr", "override_qr_desktop"],
    [
      "0e qr-desktop on mobile continues with step 1",
      { userAgent: UA.android },
      "qr-desktop",
      "passkey",
      "mobile",
    ],
    [
      "1 insecure mobile",
      { isSecureContext: false, userAgent: UA.android },
      "auto",
      "unavailable",
      "insecure_mobile",
    ],
    ["2 insecure desktop", { isSecureContext: false }, "auto", "qr", "insecure_desktop"],
    ["3 no WebAuthn", { hasWebAuthn: false }, "auto", "qr", "webauthn_unsupported"],
    ["4a iOS below 18", { userAgent: UA.iphone17 }, "auto", "passkey", "ios_direct"],
    [
      "4a iPad with a Mac user agent, iOS 17",
      { userAgent: UA.ipadAsMac17, maxTouchPoints: 5 },
      "auto",
      "passkey",
      "ios_direct",
    ],
    ["4b iOS 18", { userAgent: UA.iphone18 }, "auto", "passkey", "mobile"],
    ["4b Android", { userAgent: UA.android }, "auto", "passkey", "mobile"],
    [
      "5 desktop with a platform authenticator",
      { platform: true, userAgent: UA.safariMac },
      "auto",
      "passkey",
      "platform_authenticator",
    ],
    [
      "5 Firefox with a platform authenticator",
      { platform: true, userAgent: UA.firefoxMac },
      "auto",
      "passkey",
      "platform_authenticator",
    ],
    ["6 Firefox without", { userAgent: UA.firefoxMac }, "auto", "qr", "firefox"],
    ["6 Waterfox without", { userAgent: UA.waterfox }, "auto", "qr", "firefox"],
    ["7 Chromium without a platform authenticator", {}, "auto", "passkey", "chromium_native_qr"],
  ];

  it.each(rows)("%s", async (_row, overrides, mode, expectedMode, reason) => {
    await expect(detectMode(env(overrides), mode)).resolves.toEqual({ mode: expectedMode, reason });
  });

  it("reports the register component's names for steps 0d and 5", async () => {
    await expect(detectMode(env(), "qr-desktop", "register")).resolves.toEqual({
      mode: "qr",
      reason: "forced_qr_desktop",
    });
    await expect(detectMode(env({ platform: true }), "auto", "register")).resolves.toEqual({
      mode: "passkey",
      reason: "desktop_platform",
    });
  });

  it("treats an omitted or unknown mode as auto (from step 1)", async () => {
    await expect(detectMode(env({ isSecureContext: false }))).resolves.toEqual({
      mode: "qr",
      reason: "insecure_desktop",
    });
  });

  it("asks for the platform authenticator only when the table gets to step 5", async () => {
    const mobile = env({ userAgent: UA.android });
    await detectMode(mobile);
    expect(mobile.asked()).toBe(0);
    const desktop = env();
    await detectMode(desktop);
    expect(desktop.asked()).toBe(1);
  });
});

describe("registerAttachment", () => {
  it("is undefined on mobile", async () => {
    await expect(
      registerAttachment(env({ userAgent: UA.iphone18, platform: true })),
    ).resolves.toBeUndefined();
    await expect(registerAttachment(env({ userAgent: UA.android }))).resolves.toBeUndefined();
  });
  it("is cross-platform on a desktop with a platform authenticator", async () => {
    await expect(registerAttachment(env({ userAgent: UA.safariMac, platform: true }))).resolves.toBe(
      "cross-platform",
    );
  });
  it("is cross-platform on desktop Chromium without one", async () => {
    await expect(registerAttachment(env())).resolves.toBe("cross-platform");
  });
  it("is undefined on desktop Firefox without one (which uses QR)", async () => {
    await expect(registerAttachment(env({ userAgent: UA.firefoxMac }))).resolves.toBeUndefined();
  });
  it("gives way to a value the server put in the options", () => {
    expect(effectiveAttachment("platform", "cross-platform")).toBe("platform");
    expect(effectiveAttachment(undefined, "cross-platform")).toBe("cross-platform");
    expect(effectiveAttachment(undefined, undefined)).toBeUndefined();
  });
  it("gives way to the tenant's policy above all (any: no attachment at all)", () => {
    expect(effectiveAttachment(undefined, "cross-platform", "any")).toBeUndefined();
    expect(effectiveAttachment("cross-platform", "cross-platform", "platform")).toBe("platform");
    expect(effectiveAttachment(undefined, "platform", "cross-platform")).toBe("cross-platform");
  });
  it("follows the authenticator-attachment attribute over detection", async () => {
    const laptop = env({ userAgent: UA.safariMac, platform: true });
    await expect(requestedAttachment(laptop, attachmentSetting("platform"))).resolves.toBe("platform");
    await expect(requestedAttachment(laptop, attachmentSetting("any"))).resolves.toBeUndefined();
    await expect(requestedAttachment(laptop, attachmentSetting("cross-platform"))).resolves.toBe(
      "cross-platform",
    );
    // No (or an unknown) attribute: the seed's detection.
    await expect(requestedAttachment(laptop, attachmentSetting("laptop"))).resolves.toBe("cross-platform");
    await expect(requestedAttachment(laptop, attachmentSetting(null))).resolves.toBe("cross-platform");
  });
});

describe("user agents", () => {
  it("tells mobiles, iOS versions and Gecko apart", () => {
    const agent = (userAgent: string, maxTouchPoints = 0) => ({ userAgent, maxTouchPoints });
    expect(isMobile(agent(UA.chromeLinux))).toBe(false);
    expect(isMobile(agent(UA.safariMac))).toBe(false);
    expect(isMobile(agent(UA.ipadAsMac17, 5))).toBe(true);
    expect(iosMajorVersion(agent(UA.iphone17))).toBe(17);
    expect(iosMajorVersion(agent(UA.ipadAsMac17, 5))).toBe(17);
    expect(iosMajorVersion(agent(UA.android))).toBeUndefined();
    expect(isGecko(agent(UA.chromeLinux))).toBe(false); // "like Gecko"
    expect(isGecko(agent(UA.firefoxMac))).toBe(true);
  });
});
