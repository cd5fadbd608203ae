// What the OAuth tests play an MCP host with: its OAuth state (an OAuthClientProvider of the
// official TypeScript SDK, kept in memory as a CLI host keeps it in a file), and what the person
// does in the browser the host opens (sign in, consent, later revoke in Account).
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Page } from "@org/browser-testing";
import { shootPage } from "./browser.ts";

/** An MCP host's OAuth state; `redirectUrl` is its loopback listener (RFC 8252). */
export class MemoryOAuthHost implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  private information: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = "";

  constructor(
    private readonly name: string,
    readonly redirectUrl: string,
    readonly clientMetadataUrl?: string,
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (scope === "all" || scope === "tokens") this.saved = undefined;
    if (scope === "all" || scope === "client") this.information = undefined;
  }
}

/** A request the host's HTTP client made, and which instance answered it (behind the proxy). */
export interface HostRequest {
  call: string;
  status: number;
  upstream: string | null;
}

/** The host's fetch, recording each request as "METHOD /path" in `paths` (and in `requests`). */
export function recordingFetch(paths: string[], requests: HostRequest[] = []): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const call = `${init?.method ?? (input instanceof Request ? input.method : "GET")} ${url.pathname}`;
    paths.push(call);
    const res = await fetch(input, init);
    requests.push({ call, status: res.status, upstream: res.headers.get("x-upstream") });
    return res;
  };
}

/** Sign in with the laptop's passkey on the page the app shell shows when signed out. */
export async function signIn(page: Page): Promise<void> {
  await page
    .locator("authkit-authenticate iframe")
    .contentFrame()
    .getByRole("button", { name: "Sign in with Passkey" })
    .click();
}

/**
 * The person approves in the page, limited to `project`: by mouse, or by keyboard alone (focus,
 * arrow keys and Space, Enter on Allow). Returns the URL the browser was sent back to (the code).
 */
export async function consent(
  page: Page,
  {
    appName,
    project,
    keyboard,
    redirect,
    shot,
  }: { appName: string; project: string; keyboard: boolean; redirect: string; shot?: string },
): Promise<URL> {
  await page.getByRole("heading", { name: `${appName} wants to use your board` }).waitFor();
  if (keyboard) {
    await page.getByRole("radio", { name: /All my projects/ }).focus();
    await page.keyboard.press("ArrowDown");
    await page.getByRole("checkbox", { name: project }).focus();
    await page.keyboard.press("Space");
  } else {
    await page.getByRole("radio", { name: "Only the projects I choose" }).check();
    await page.getByRole("checkbox", { name: project }).check();
  }
  expect(await page.getByRole("checkbox", { name: project }).isChecked()).toBe(true);
  if (shot) await shootPage(page, shot, () => page.getByRole("button", { name: "Allow" }).waitFor());
  if (keyboard) {
    await page.getByRole("button", { name: "Allow" }).focus();
    await page.keyboard.press("Enter");
  } else {
    await page.getByRole("button", { name: "Allow" }).click();
  }
  await page.waitForURL((url) => url.href.startsWith(`${redirect}?`));
  return new URL(page.url());
}

/** Revokes the app's grant in Account → Connected apps, by clicking as the person does. */
export async function revokeInAccount(
  page: Page,
  boardUrl: string,
  { appName, project }: { appName: string; project: string },
): Promise<void> {
  // The browser is still on the host's page: the person opens the board again, then Account.
  await page.goto(`${boardUrl}/app`);
  await page.getByRole("link", { name: /^Account \(/ }).click();
  const section = page.getByRole("region", { name: "Connected apps" });
  const row = section.getByRole("row", { name: new RegExp(appName) });
  await row.waitFor();
  // Connected apps names the one project the app was limited to.
  expect(await row.innerText()).toContain(`only ${project}`);
  await row.getByRole("button", { name: "Revoke" }).click();
  await page.locator("kit-confirm").getByRole("button", { name: "Revoke" }).click();
  await page.getByText(`“${appName}” disconnected.`).waitFor();
}

/** The status /mcp (at `mcpUrl`) answers a tools/list made with `token`. */
export async function mcpStatus(mcpUrl: string, token: string): Promise<number> {
  const res = await fetch(mcpUrl, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  return res.status;
}
