// The dashboard in the administrator's language, in Chromium: a browser set to German
// (Accept-Language de-DE) gets German navigation, tables, dialogs, toasts and dates; `?lang=fr`
// French. Screenshots of the German pages (long German words) at desktop and phone widths.
import {
  addVirtualAuthenticator,
  launchChromium,
  screenshot,
  watchProblems,
  type Browser,
  type BrowserContext,
  type Page,
} from "@org/browser-testing";
import { acceptInvite, adminInvite, signInToDashboard } from "../../src/testing/browser/index.ts";
import { startTestAuthServer, type RunningAuthServer } from "../../src/testing/index.ts";

const SUITE = "admin-i18n";
jest.setTimeout(120_000);

let browser: Browser;
let auth: RunningAuthServer;
let english: BrowserContext;
beforeAll(async () => {
  [browser, auth] = await Promise.all([launchChromium(), startTestAuthServer()]);
  // An administrator signed in (in English, as the shared helpers click), and a tenant with a user.
  english = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await english.newPage();
  await addVirtualAuthenticator(page, { transport: "internal" });
  await acceptInvite(page, await adminInvite(auth, "greta@example.test", "Greta Grün"));
  await signInToDashboard(page, auth.url);
  const { apiKey } = await auth.tenant(["https://shop.example.test"], "Eckladen Müller");
  await auth.userToken(apiKey, "kunde-1", "Karla Kundin");
});
afterAll(async () => {
  await english?.close();
  await Promise.all([browser?.close(), auth?.close()]);
});

/** The dashboard in a browser whose language is `locale`, with the administrator's session. */
async function openDashboard(locale: string, path = "/admin", width = 1280): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width, height: 860 } });
  await context.addCookies(await english.cookies());
  const page = await context.newPage();
  await page.goto(`${auth.url}${path}`);
  return page;
}

const nav = (page: Page) => page.getByRole("navigation", { name: /Dashboard|Tableau de bord/ });

describe("the dashboard's language", () => {
  it("speaks German to a de-DE browser: navigation, table headers, dialogs, toasts and dates", async () => {
    const page = await openDashboard("de-DE");
    const problems = await watchProblems(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    await expect(page.title()).resolves.toBe("Mandanten · AuthKit-Verwaltung");
    for (const section of ["Mandanten", "Audit-Log", "Administratoren", "Ihre Passkeys"]) {
      await nav(page).getByRole("link", { name: section }).waitFor();
    }
    await page.getByRole("button", { name: "Abmelden" }).waitFor();

    // The tenants: German column headers and count, a German date.
    const tenants = page.locator("tenants-view");
    await tenants.getByRole("heading", { name: "Mandanten", level: 1 }).waitFor();
    await tenants.getByRole("link", { name: "Eckladen Müller" }).waitFor();
    for (const header of ["Name", "RP-ID", "Origins", "Status", "Erstellt"]) {
      await tenants.getByRole("columnheader", { name: header }).waitFor();
    }
    await tenants.getByText("1 Mandant wird angezeigt").waitFor();
    await expect(tenants.locator("tbody tr").first().innerText()).resolves.toMatch(/Aktiv/);
    await expect(tenants.locator("tbody td.nowrap").first().innerText()).resolves.toMatch(
      /^\d{2}\.\d{2}\.\d{4}$/,
    );
    await screenshot(page, SUITE, "de-tenants");

    // The "New tenant" dialog, in German, closed with its German close button.
    await tenants.getByRole("button", { name: "Neuer Mandant" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Neuer Mandant" });
    await dialog.waitFor();
    const form = tenants.locator("kit-dialog");
    await form.getByLabel("Relying-Party-ID").waitFor();
    await form.getByLabel("Erlaubte Origins").waitFor();
    await form.getByRole("button", { name: "Mandant erstellen" }).waitFor();
    await form.getByLabel("Anmeldung mit dem Smartphone (QR-Code)").waitFor();
    await screenshot(page, SUITE, "de-new-tenant-dialog");
    await dialog.getByRole("button", { name: "Schließen" }).click();
    await dialog.waitFor({ state: "hidden" });

    // A tenant's page: its details and users, and the confirmation before disabling it.
    await tenants.getByRole("link", { name: "Eckladen Müller" }).click();
    const tenant = page.locator("tenant-view");
    await tenant.getByRole("heading", { name: "Eckladen Müller" }).waitFor();
    await expect(page.title()).resolves.toBe("Mandanten · AuthKit-Verwaltung");
    await tenant.getByRole("heading", { name: "Benutzer" }).waitFor();
    await tenant.getByRole("cell", { name: /^Karla Kundin kunde-/ }).waitFor();
    for (const header of [
      "Benutzer",
      "Passkeys",
      "Passwort",
      "Letzte Anmeldung",
      "Sitzungen",
      "Status",
      "Erstellt",
    ]) {
      await tenant.getByRole("columnheader", { name: header, exact: true }).waitFor();
    }
    await tenant.locator("dt", { hasText: "Selbstregistrierung" }).waitFor();
    // Its webhooks card, and the dialog to add an endpoint.
    await tenant.getByRole("heading", { name: "Keine Webhook-Endpunkte" }).waitFor();
    await screenshot(page, SUITE, "de-tenant");
    await tenant.getByRole("button", { name: "Endpunkt hinzufügen" }).first().click();
    await page.getByRole("dialog", { name: "Endpunkt hinzufügen" }).waitFor();
    await tenant.getByText("Ein Passkey wurde hinzugefügt").waitFor();
    await screenshot(page, SUITE, "de-add-webhook-dialog");
    await page
      .getByRole("dialog", { name: "Endpunkt hinzufügen" })
      .getByRole("button", { name: "Schließen" })
      .click();
    await tenant.getByRole("button", { name: "Mandant deaktivieren" }).click();
    const confirm = page.getByRole("dialog", { name: "Eckladen Müller deaktivieren?" });
    await confirm.waitFor();
    // The dialog's content is slotted: found from its <kit-confirm> host.
    await page.locator("kit-confirm").getByText("Es wird nichts gelöscht.").waitFor();
    await screenshot(page, SUITE, "de-confirm-disable");
    await page.getByRole("button", { name: "Abbrechen" }).click();
    await confirm.waitFor({ state: "hidden" });

    // A user disabled and enabled again: German toasts; the audit log words both in German.
    await tenant.getByRole("button", { name: "Karla Kundin deaktivieren" }).click();
    await page.getByRole("dialog", { name: "Karla Kundin deaktivieren?" }).waitFor();
    await page.getByRole("button", { name: "Benutzer deaktivieren" }).click();
    await page.getByRole("status").filter({ hasText: "Karla Kundin deaktiviert." }).waitFor();
    await nav(page).getByRole("link", { name: "Audit-Log" }).click();
    const audit = page.locator("audit-view");
    await audit.getByRole("heading", { name: "Audit-Log" }).waitFor();
    await audit.locator("tbody tr", { hasText: "Benutzer deaktiviert" }).waitFor();
    for (const header of ["Ereignis", "Mandant", "Benutzer", "Durch", "IP", "Details"]) {
      await audit.getByRole("columnheader", { name: header, exact: true }).waitFor();
    }
    await expect(audit.locator("tbody time").first().innerText()).resolves.toMatch(
      /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/,
    );
    await audit.getByLabel("Ereignis", { exact: true }).selectOption({ label: "Administrator angemeldet" });
    await screenshot(page, SUITE, "de-audit");

    // The administrators, and the invite dialog.
    await nav(page).getByRole("link", { name: "Administratoren" }).click();
    const admins = page.locator("admins-view");
    await admins.getByRole("columnheader", { name: "E-Mail" }).waitFor();
    await admins.getByText("Sie", { exact: true }).waitFor();
    await admins.getByRole("button", { name: "Administrator einladen" }).click();
    await page.getByRole("dialog", { name: "Administrator einladen" }).waitFor();
    await admins.locator("kit-dialog").getByRole("button", { name: "Einladungslink erstellen" }).waitFor();
    await screenshot(page, SUITE, "de-invite-dialog");
    await admins.locator("kit-dialog").getByRole("button", { name: "Abbrechen" }).click();

    // Your passkeys.
    await nav(page).getByRole("link", { name: "Ihre Passkeys" }).click();
    const passkeys = page.locator("passkeys-view");
    await passkeys.getByRole("columnheader", { name: "Zuletzt verwendet" }).waitFor();
    await passkeys.getByText("Das ist Ihr einziger Passkey").waitFor();
    await screenshot(page, SUITE, "de-passkeys");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("fits German into a phone's width", async () => {
    const page = await openDashboard("de-DE", "/admin#/tenants", 375);
    await page.locator("tenants-view").getByRole("link", { name: "Eckladen Müller" }).click();
    await page.locator("tenant-view").getByRole("heading", { name: "Eckladen Müller" }).waitFor();
    await page
      .locator("tenant-view")
      .getByRole("cell", { name: /^Karla Kundin kunde-/ })
      .waitFor();
    // Nothing wider than the screen: long German words wrap instead of pushing the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, SUITE, "de-tenant-375");
    await page.context().close();
  });

  it("speaks French when the link says ?lang=fr, whatever the browser's language", async () => {
    const page = await openDashboard("de-DE", "/admin?lang=fr#/admins");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    await nav(page).getByRole("link", { name: "Locataires" }).waitFor();
    await nav(page).getByRole("link", { name: "Journal d'audit" }).waitFor();
    const admins = page.locator("admins-view");
    await admins.getByRole("heading", { name: "Administrateurs", level: 1 }).waitFor();
    await admins.getByRole("columnheader", { name: "Ajouté le" }).waitFor();
    await admins.getByText("1 administrateur affiché").waitFor();
    await admins.getByRole("button", { name: "Inviter un administrateur" }).click();
    await page.getByRole("dialog", { name: "Inviter un administrateur" }).waitFor();
    await admins.locator("kit-dialog").getByRole("button", { name: "Annuler" }).waitFor();
    await expect(page.title()).resolves.toBe("Administrateurs · Administration AuthKit");
    await screenshot(page, SUITE, "fr-invite-dialog");
    await page.context().close();
  });
});
