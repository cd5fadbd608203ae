import type { Page } from "playwright-core";

/**
 * Collects what should never happen on a page under test: console errors, uncaught exceptions and
 * Content-Security-Policy violations (in every frame). Tests assert the list is empty.
 */
export async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await page.exposeBinding("__reportCspViolation", ({ frame }, text: string) => {
    problems.push(`csp (${frame.url()}): ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void })
        .__reportCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  return problems;
}
