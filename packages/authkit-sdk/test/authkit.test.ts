import { AuthKit } from "../src/index.ts";

describe("AuthKit", () => {
  it("strips trailing slashes and applies defaults", () => {
    const auth = new AuthKit({ apiBaseUrl: "https://auth.example.com///" });
    expect(auth.getApiBaseUrl()).toBe("https://auth.example.com");
    expect(auth.getConfig()).toEqual({
      apiBaseUrl: "https://auth.example.com",
      debug: false,
      timeout: 30000,
      qrPollInterval: 2000,
      qrExpirationTime: 300000,
    });
  });

  it("requires apiBaseUrl", () => {
    expect(() => new AuthKit({ apiBaseUrl: "" })).toThrow(/apiBaseUrl is required/);
  });

  it("delivers events to on/once handlers and stops after off", () => {
    const auth = new AuthKit({ apiBaseUrl: "https://a" });
    const seen: unknown[] = [];
    const handler = (detail: unknown) => seen.push(["on", detail]);
    auth.on("authkit:auth:success", handler);
    auth.once("authkit:auth:success", (detail) => seen.push(["once", detail]));
    auth.emit("authkit:auth:success", { user: 1 });
    auth.off("authkit:auth:success", handler);
    auth.emit("authkit:auth:success", { user: 2 });
    expect(seen).toEqual([
      ["on", { user: 1 }],
      ["once", { user: 1 }],
    ]);
  });
});
