// The SDK README as a website owner follows it: its script tag, exactly as shown; its Express
// backend, run as a website owner runs it (its file, copied where
// `express` resolves, started with node), against this auth server; a person on a laptop creates a
// passkey on its page, signs in (the backend verifies), and sees the passkey in the list.
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  addVirtualAuthenticator,
  launchChromium,
  servePages,
  watchProblems,
  type Browser,
} from "@org/browser-testing";
import { updateTenant, startTestAuthServer, type RunningAuthServer } from "@org/auth-server/testing";

const sdk = path.resolve(__dirname, "../../../packages/authkit-sdk");
const example = path.join(sdk, "examples/express/server.mjs");
let browser: Browser;
let auth: RunningAuthServer;
let backend: ChildProcess | undefined;

beforeAll(async () => {
  [browser, auth] = await Promise.all([launchChromium(), startTestAuthServer()]);
});

afterAll(async () => {
  backend?.kill();
  await Promise.all([browser?.close(), auth?.close()]);
});

/** Starts the example on a free port; resolves with its origin once it listens. */
function startExample(apiKey: string): Promise<string> {
  // Under this package's node_modules, where `express` resolves (as after `npm install express`).
  const dir = path.resolve(__dirname, "../../node_modules/.cache/authkit-express-example");
  mkdirSync(dir, { recursive: true });
  copyFileSync(example, path.join(dir, "server.mjs"));
  backend = spawn(process.execPath, [path.join(dir, "server.mjs")], {
    env: { ...process.env, AUTH_SERVER_URL: auth.url, AUTH_API_KEY: apiKey, PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    backend?.stdout?.on("data", (chunk: Buffer) => {
      const match = /listening on (http:\/\/localhost:\d+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    backend?.on("exit", (code) => reject(new Error(`the example exited with ${code}`)));
  });
}

it("the README's script tag, exactly as shown, gives window.AuthKit with its properties and readable names", async () => {
  const readme = readFileSync(path.join(sdk, "README.md"), "utf8");
  const snippet = /## Install[\s\S]*?```html\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
  expect(snippet).toContain('<script type="module" src="https://auth.example.net/sdk/authkit.js"></script>');
  const site = await servePages({
    "/": `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">${snippet.replaceAll("https://auth.example.net", auth.url)}`,
  });
  try {
    const page = await (await browser.newContext()).newPage();
    const problems = await watchProblems(page);
    await page.goto(site.url("/"));
    await page.waitForFunction(() => window.AuthKit !== undefined);
    const seen = await page.evaluate(async () => {
      const { AuthKitError, AuthKitEvents, AuthKitErrorCode, describeError, loadLocale } = window.AuthKit;
      await loadLocale("fr"); // French is a lazy chunk (the README says so)
      const error = new AuthKitError(AuthKitErrorCode.USER_DISABLED, "x");
      return {
        names: [window.AuthKit.name, AuthKitError.name, error.constructor.name, error.name],
        instance: error instanceof AuthKitError && error instanceof Error,
        event: AuthKitEvents.AUTH_SUCCESS,
        text: describeError(error, { locale: "fr" }),
        element: customElements.get("authkit-passkeys")?.name,
      };
    });
    expect(seen).toEqual({
      names: ["AuthKit", "AuthKitError", "AuthKitError", "AuthKitError"],
      instance: true,
      event: "authkit:auth:success",
      text: "Ce compte a été désactivé.",
      element: "AuthkitPasskeys",
    });
    expect(problems).toEqual([]);
  } finally {
    await site.close();
  }
});

it("is the code the README shows", () => {
  const readme = readFileSync(path.join(sdk, "README.md"), "utf8");
  expect(readme).toContain(readFileSync(example, "utf8").trim());
});

it("runs: create a passkey on its page, sign in, the backend verifies, the passkey is listed", async () => {
  const { id, apiKey } = await auth.tenant([], "My site", { registrationAttachment: "any" });
  const origin = await startExample(apiKey);
  await updateTenant({ db: auth.database.db, id, addOrigins: [origin] });

  const page = await (await browser.newContext({ viewport: { width: 480, height: 800 } })).newPage();
  const problems = await watchProblems(page);
  await addVirtualAuthenticator(page);
  await page.goto(origin);
  await page.getByRole("button", { name: "Create Passkey" }).first().click();
  await page.getByText("Passkey created. You can now sign in with it.").first().waitFor();
  await page.locator("authkit-passkeys").getByText("Never used").waitFor();
  await page
    .locator("authkit-authenticate iframe")
    .contentFrame()
    .getByRole("button", { name: "Sign in with Passkey" })
    .click();
  await page.getByText("Signed in as Demo user").waitFor();
  expect(problems).toEqual([]);
});
