// /docs (issue 32 pt 8): the auth server renders its OpenAPI document for people, as board-api does
// (service-kit's apiDocsRoutes): every operation listed under its tag, from this origin only.
import { authOperationList } from "@org/contracts";
import { launchChromium, screenshot, watchProblems, type Browser } from "@org/browser-testing";
import { startTestAuthServer, type RunningAuthServer } from "../../src/testing/index.ts";

let browser: Browser;
let auth: RunningAuthServer;

beforeAll(async () => {
  [browser, auth] = await Promise.all([launchChromium(), startTestAuthServer()]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), auth?.close()]);
});

it("lists every operation under its tag, with the QR status path's {challenge_id}", async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const problems = await watchProblems(page);
  const requested = new Set<string>();
  page.on("request", (req) => requested.add(new URL(req.url()).origin));
  await page.goto(`${auth.url}/docs`);
  await page.getByRole("heading", { name: "Auth server" }).waitFor();
  for (const tag of [
    "Tokens",
    "Users",
    "Registration",
    "Authentication",
    "Passkeys",
    "QR",
    "Admin dashboard",
  ]) {
    await page.locator(".opblock-tag", { hasText: tag }).first().waitFor();
  }
  await page.locator(".opblock-summary-path", { hasText: "/auth/v1/qr/{challenge_id}/status" }).waitFor();
  // One block per operation, and the three probes.
  await expect(page.locator(".opblock").count()).resolves.toBe(authOperationList.length + 3);
  await page.locator(".opblock-summary-path", { hasText: "/api/v1/user-token" }).click();
  await page.getByText("createUserToken").first().waitFor();
  await screenshot(page, "docs", "auth-server-docs");
  expect([...requested]).toEqual([auth.url]);
  expect(problems).toEqual([]);
  await context.close();
});
