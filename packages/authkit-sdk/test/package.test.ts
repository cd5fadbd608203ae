// The package as a website owner installs it: `pnpm pack`, then a fresh Vite + strict TypeScript
// app installs the tarball (with vite@7 and typescript 5.9, from the npm cache when it holds them),
// typechecks `e.detail` of every component event, and builds. Its bundle of `@org/authkit-sdk/core`
// alone must stay under the budget, and one component imported alone brings no other.
// Needs `pnpm build` first.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(__dirname, "..");
/** The budget of `@org/authkit-sdk/core`: what a page loads before any lazy chunk, gzipped. */
const CORE_BUDGET_BYTES = 8 * 1024;
let app: string;
let tarball: string;

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { cwd: app, stdio: "pipe", env: { ...process.env, NODE_ENV: "production" } });

beforeAll(() => {
  app = mkdtempSync(path.join(os.tmpdir(), "authkit-vite-app-"));
  execFileSync("pnpm", ["pack", "--pack-destination", app], { cwd: root, stdio: "pipe" });
  tarball = readdirSync(app).find((file) => file.endsWith(".tgz")) ?? "";
  if (!tarball) throw new Error("pnpm pack wrote no tarball");
  writeFileSync(
    path.join(app, "package.json"),
    JSON.stringify({ name: "site", private: true, type: "module" }),
  );
  // vite@7: vite 8 does not install on every machine of this kind (see the README's note).
  run("npm", [
    "install",
    `./${tarball}`,
    "vite@7",
    "typescript@~5.9",
    "--prefer-offline",
    "--no-audit",
    "--no-fund",
    "--loglevel=error",
  ]);
  writeFileSync(
    path.join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "bundler",
        lib: ["ES2022", "DOM", "DOM.Iterable"],
        skipLibCheck: false,
        noUncheckedIndexedAccess: true,
        types: [],
      },
      include: ["src"],
    }),
  );
}, 240_000);

afterAll(() => {
  if (app) rmSync(app, { recursive: true, force: true });
});

it("ships the bundle, the ES modules, their types and the embed pages (the auth server serves them from the deployed package), without sources", () => {
  const listing = execFileSync("tar", ["-tzf", tarball], { cwd: app }).toString();
  for (const file of [
    "dist/authkit.js",
    "dist/authkit.js.br",
    "dist/authkit.js.gz",
    "dist/esm/index.js",
    "dist/esm/core/index.js",
    "dist/esm/core/index.d.ts",
    "dist/esm/i18n/index.js",
    "dist/esm/components/passkeys/index.d.ts",
  ]) {
    expect(listing).toContain(`package/${file}`);
  }
  expect(listing).toMatch(/package\/dist\/chunks\/qr-socket-[A-Z0-9]{8}\.js/);
  expect(listing).not.toMatch(/package\/src\//);
  expect(listing).toMatch(/package\/dist\/embed\/manifest\.json/);
  const manifest = JSON.parse(
    readFileSync(path.join(app, "node_modules/@org/authkit-sdk/package.json"), "utf8"),
  ) as { dependencies: Record<string, string>; sideEffects: string[] };
  for (const version of Object.values(manifest.dependencies))
    expect(version).not.toMatch(/^(catalog|workspace):/);
  // No field at all (devDependencies included) keeps a pnpm-only protocol that npm or yarn refuses.
  const packed = execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { cwd: app }).toString();
  expect(packed).not.toMatch(/"(catalog|workspace):/);
  expect(manifest.sideEffects).toContain("./dist/esm/components/*/index.js");
});

it("typechecks e.detail of every component event, the window events and the JS API under strict", () => {
  execFileSync("mkdir", ["-p", "src"], { cwd: app });
  writeFileSync(
    path.join(app, "src/typed.ts"),
    `import { AuthKit, AuthKitError, AuthKitErrorCode, AuthKitEvents, type AuthResponse } from "@org/authkit-sdk/core";
import "@org/authkit-sdk/components/authenticate";
import "@org/authkit-sdk/components/register";
import "@org/authkit-sdk/components/passkey";
import "@org/authkit-sdk/components/passkeys";
import "@org/authkit-sdk/components/qr";
import "@org/authkit-sdk/components/status";
import { describeError } from "@org/authkit-sdk/i18n";

const signIn = document.createElement("authkit-authenticate");
signIn.sessionTokenUrl = "/session-token";
signIn.addEventListener("success", (e) => {
  const challengeId: string = e.detail.challengeId;
  const prf: string | undefined = e.detail.prfOutput;
  console.log(challengeId, prf, e.detail.user?.externalId);
});
signIn.addEventListener("mode-detected", (e) => {
  const mode: "passkey" | "qr" | "unavailable" = e.detail.mode;
  console.log(mode, e.detail.reason);
});
signIn.addEventListener("error", (e) => {
  const error: AuthKitError = e.detail.error;
  if (e.detail.code === AuthKitErrorCode.CONFIGURATION_ERROR) console.warn(error.message);
  console.log(describeError(error, { locale: "de" }));
});
signIn.addEventListener("expired", (e) => console.log(e.detail));
signIn.addEventListener("click", (e) => console.log(e.clientX));
// @ts-expect-error: success carries no such field
signIn.addEventListener("success", (e) => console.log(e.detail.nope));

document.querySelector("authkit-register")?.addEventListener("success", (e) => console.log(e.detail.passkeyId));
document.createElement("authkit-passkey").addEventListener("success", (e) => console.log(e.detail.challengeId));
const qr = document.createElement("authkit-qr");
qr.addEventListener("qr-generated", (e) => console.log(e.detail.qrUrl, e.detail.challengeId));
qr.addEventListener("status-change", (e) => console.log(e.detail.status));
document.createElement("authkit-status").addEventListener("status-change", (e) => console.log(e.detail.message));
const passkeys = document.createElement("authkit-passkeys");
passkeys.addEventListener("loaded", (e) => console.log(e.detail.passkeys[0]?.authenticator, e.detail.passkeys[0]?.last_used));
passkeys.addEventListener("deleted", (e) => console.log(e.detail.passkeyId));

window.addEventListener("authkit:auth:success", (e) => console.log(e.detail.challengeId));
window.addEventListener(AuthKitEvents.QR_STATUS_CHANGE, (e) => console.log(e.detail.status));

const auth = new AuthKit({ apiBaseUrl: "https://auth.example.com", token: "st_x", locale: "fr" });
export async function go(): Promise<string> {
  const result: AuthResponse = await auth.passkey.authenticate();
  if (result.success) return result.challengeId ?? "";
  const renamed = await auth.management.rename("id", "Work laptop");
  return result.error_code ?? renamed.name;
}
`,
  );
  expect(() =>
    run(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"]),
  ).not.toThrow();
});

/** Builds `src/<entry>.ts` with Vite; returns the JS a page loads first (entry + static imports) and the lazy chunks. */
function viteBuild(entry: string, source: string) {
  execFileSync("mkdir", ["-p", "src"], { cwd: app });
  writeFileSync(path.join(app, `src/${entry}.ts`), source);
  writeFileSync(
    path.join(app, `vite.${entry}.config.mjs`),
    `export default { logLevel: "silent", build: { outDir: "dist-${entry}", manifest: true, rollupOptions: { input: "src/${entry}.ts" } } };`,
  );
  run(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--config", `vite.${entry}.config.mjs`]);
  const outDir = path.join(app, `dist-${entry}`);
  const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
  >;
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(Object.keys(manifest).find((key) => manifest[key]?.isEntry) as string);
  const read = (key: string) => readFileSync(path.join(outDir, manifest[key]?.file as string), "utf8");
  const initialJs = [...initial].map(read).join("\n");
  const lazy = Object.keys(manifest).filter(
    (key) => !initial.has(key) && manifest[key]?.file.endsWith(".js"),
  );
  return { initialJs, gzipped: gzipSync(initialJs, { level: 9 }).length, lazy: lazy.map(read) };
}

it("Vite bundles @org/authkit-sdk/core without Lit, under 8 KB gzipped at first load", () => {
  const core = viteBuild(
    "core-only",
    `import { AuthKit } from "@org/authkit-sdk/core";
const auth = new AuthKit({ apiBaseUrl: "https://auth.example.com", token: "st_x" });
document.querySelector("button")?.addEventListener("click", () => void auth.passkey.authenticate());
document.querySelector("#qr")?.addEventListener("click", () => void auth.qr.startAuth());
`,
  );
  console.log(
    `core, first load: ${(core.gzipped / 1024).toFixed(2)} KB gzipped; ${core.lazy.length} lazy chunks`,
  );
  expect(core.gzipped).toBeLessThanOrEqual(CORE_BUDGET_BYTES);
  expect(core.initialJs).not.toMatch(/LitElement|customElements\.define/);
  // The QR flow and the socket.io client come later, when a QR code is shown.
  expect(core.initialJs).not.toContain("engine.io");
  expect(core.lazy.join("\n")).toContain("engine.io");
});

it("a component imported alone defines itself and brings no other", () => {
  const one = viteBuild("one-component", `import "@org/authkit-sdk/components/passkey";\n`);
  expect(one.initialJs).toContain('"authkit-passkey"');
  expect(one.initialJs).toContain('"authkit-status"'); // the status line it renders
  for (const other of ["authkit-register", "authkit-authenticate", "authkit-qr", "authkit-passkeys"]) {
    expect(one.initialJs).not.toContain(`"${other}"`);
  }
});
