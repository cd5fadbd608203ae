// The package as a website owner gets it (issue 32 pt 2): `pnpm pack`, published to a local registry
// (Verdaccio 6.8.0 on a loopback port, installed here from npm; the toolchain notes say how), then,
// in a fresh app from current create-vite (`npm create vite@latest`, the vanilla-ts template: Vite 8
// and TypeScript 7, strict by default, its tsconfig kept as it comes), `npm install @org/authkit-sdk`
// exactly as the README says, with only the @org scope pointed at that registry. The app typechecks
// `e.detail` of every component event with its own `tsc` and builds with its own `npm run build`; a
// plain HTML page loads dist/authkit.js from node_modules. Its bundle of `@org/authkit-sdk/core` alone
// must stay under the budget, and one component imported alone brings no other. Needs `pnpm build` first.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(__dirname, "..");
const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string })
  .version;
let work: string;
let app: string;
let registry: string;
let tarball: string;
let verdaccio: ChildProcess | undefined;
/** The budget of `@org/authkit-sdk/core`: what a page loads before any lazy chunk, gzipped. */
const CORE_BUDGET_BYTES = 7 * 1024;

const npm = (cwd: string, args: string[]) =>
  execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, stdio: "pipe" });

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { cwd: app, stdio: "pipe", env: { ...process.env, NODE_ENV: "production" } });

/** A tag name as a string in minified code (Vite 8's minifier writes `authkit-qr` in backquotes). */
const tagName = (name: string) => new RegExp(`["'\`]${name}["'\`]`);

/** The app's own `tsc` (TypeScript 7's, a native compiler behind its node launcher) with the template's tsconfig. */
function typecheck(...flags: string[]) {
  try {
    run(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json", ...flags]);
  } catch (error) {
    throw new Error(`tsc failed:\n${String((error as { stdout?: Buffer }).stdout ?? error)}`);
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "authkit-registry-"));
  const server = path.join(work, "verdaccio");
  mkdirSync(server);
  // 6.10.x wants Node 22; 6.8.0 needs node-fetch pinned to install on Node 20.
  writeFileSync(
    path.join(server, "package.json"),
    JSON.stringify({ name: "registry", private: true, overrides: { "node-fetch": "2.7.0" } }),
  );
  npm(server, ["install", "verdaccio@6.8.0", "--prefer-offline"]);
  writeFileSync(
    path.join(server, "config.yaml"),
    [
      "storage: ./storage",
      "auth: { htpasswd: { file: ./htpasswd, max_users: 1000 } }",
      "uplinks: {}",
      "packages:",
      "  '@org/*': { access: $all, publish: $all }",
      "  '**': { access: $all }",
      "log: { type: stdout, format: pretty, level: error }",
    ].join("\n"),
  );
  const port = await freePort();
  registry = `http://127.0.0.1:${port}`;
  verdaccio = spawn(
    process.execPath,
    [
      path.join(server, "node_modules/verdaccio/bin/verdaccio"),
      "--config",
      "./config.yaml",
      "--listen",
      `127.0.0.1:${port}`,
    ],
    { cwd: server, stdio: "ignore" },
  );
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${registry}/-/ping`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (tries > 100) throw new Error(`Verdaccio did not answer at ${registry}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const user = await fetch(`${registry}/-/user/org.couchdb.user:ci`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "ci", password: "ci-password-1234" }),
  });
  const { token } = (await user.json()) as { token: string };
  const userconfig = path.join(work, "npmrc");
  writeFileSync(userconfig, `//127.0.0.1:${port}/:_authToken=${token}\n`);

  execFileSync("pnpm", ["pack", "--pack-destination", work], { cwd: root, stdio: "pipe" });
  tarball = readdirSync(work).find((file) => file.endsWith(".tgz")) ?? "";
  if (!tarball) throw new Error("pnpm pack wrote no tarball");
  // `./` matters: without it npm reads `dir/file.tgz` as a GitHub shorthand. No provenance here
  // (that needs the CI's OIDC token), so publishConfig.provenance is overridden.
  npm(work, [
    "publish",
    `./${tarball}`,
    "--registry",
    registry,
    "--userconfig",
    userconfig,
    "--provenance=false",
  ]);

  // The app as current create-vite makes it (npm's cache serves the template and its packages after a
  // first run; `@latest` is still looked up, so a new Vite is tested as soon as it is published).
  npm(work, ["create", "--yes", "vite@latest", "site", "--", "--template", "vanilla-ts", "--no-interactive"]);
  app = path.join(work, "site");
  // The README's command (it also installs the template's vite and typescript); only the @org scope
  // comes from the local registry, the rest from npm.
  npm(app, ["install", "@org/authkit-sdk", `--@org:registry=${registry}`, "--prefer-offline"]);
}, 300_000);

afterAll(() => {
  verdaccio?.kill();
  if (work) rmSync(work, { recursive: true, force: true });
});

it("installs the published version from the registry with its dependencies", () => {
  const installed = JSON.parse(
    readFileSync(path.join(app, "node_modules/@org/authkit-sdk/package.json"), "utf8"),
  ) as { version: string };
  expect(installed.version).toBe(version);
  const site = JSON.parse(readFileSync(path.join(app, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  expect(site.dependencies["@org/authkit-sdk"]).toBe(`^${version}`);
  for (const dependency of ["lit", "@simplewebauthn/browser", "socket.io-client"])
    expect(existsSync(path.join(app, "node_modules", dependency, "package.json"))).toBe(true);
  const lock = JSON.parse(readFileSync(path.join(app, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string; integrity?: string }>;
  };
  const entry = lock.packages["node_modules/@org/authkit-sdk"];
  expect(entry?.version).toBe(version);
  // The very tarball published to the local registry (the public registry has no @org/authkit-sdk).
  const published = npm(app, ["view", "@org/authkit-sdk", "dist.integrity", "--registry", registry]);
  expect(entry?.integrity).toBe(published.toString().trim());
});

it("the create-vite app (Vite 8+, strict TypeScript 7+) importing it typechecks and builds with its own script", () => {
  const site = JSON.parse(readFileSync(path.join(app, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const major = (name: string) =>
    Number(
      (
        JSON.parse(readFileSync(path.join(app, "node_modules", name, "package.json"), "utf8")) as {
          version: string;
        }
      ).version.split(".")[0],
    );
  expect(major("vite")).toBeGreaterThanOrEqual(8);
  expect(major("typescript")).toBeGreaterThanOrEqual(7);
  expect(site.scripts.build).toBe("tsc && vite build");
  // The template's tsconfig sets no `strict`: TypeScript 6+ is strict by default.
  expect(readFileSync(path.join(app, "tsconfig.json"), "utf8")).not.toMatch(/"strict"\s*:\s*false/);
  writeFileSync(
    path.join(app, "src/main.ts"),
    `import { AuthKit, AuthKitEvents } from "@org/authkit-sdk";
const box = document.createElement("authkit-authenticate");
box.addEventListener("success", (e) => console.log(e.detail));
window.addEventListener(AuthKitEvents.AUTH_ERROR, ({ detail }) => console.log(detail.code));
document.querySelector("#app")?.append(box);
console.log(AuthKit.name);
`,
  );
  npm(app, ["run", "build"]);
  const bundles = readdirSync(path.join(app, "dist/assets"))
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(path.join(app, "dist/assets", file), "utf8"));
  expect(bundles.some((bundle) => tagName("authkit-authenticate").test(bundle))).toBe(true);
});

it("a plain HTML page can load dist/authkit.js from node_modules, and every chunk it imports is there", () => {
  const dist = path.join(app, "node_modules/@org/authkit-sdk/dist");
  const main = readFileSync(path.join(dist, "authkit.js"), "utf8");
  expect(main).toMatch(/customElements\.define\("authkit-authenticate"/);
  const chunks = [...main.matchAll(/import\("\.\/(chunks\/[\w.-]+\.js)"\)/g)].map(
    (match) => match[1] as string,
  );
  expect(chunks.length).toBeGreaterThan(0);
  for (const chunk of chunks) expect(existsSync(path.join(dist, chunk))).toBe(true);
});

it.each([
  ["pnpm", ["pnpm", "add", "@org/authkit-sdk", "--prefer-offline"]],
  [
    "yarn (classic)",
    ["npx", "--yes", "yarn@1.22.22", "add", "@org/authkit-sdk", "--prefer-offline", "--silent"],
  ],
])("installs with %s too (the @org scope in .npmrc)", (_name, [command, ...args]) => {
  const site = mkdtempSync(path.join(work, "site-"));
  writeFileSync(
    path.join(site, "package.json"),
    JSON.stringify({ name: "site", private: true, type: "module" }),
  );
  writeFileSync(path.join(site, ".npmrc"), `@org:registry=${registry}\n`);
  execFileSync(command as string, args, { cwd: site, stdio: "pipe" });
  const installed = JSON.parse(
    readFileSync(path.join(site, "node_modules/@org/authkit-sdk/package.json"), "utf8"),
  ) as { version: string };
  expect(installed.version).toBe(version);
  expect(existsSync(path.join(site, "node_modules/@org/authkit-sdk/dist/authkit.js"))).toBe(true);
});

it("ships the bundle, the ES modules, their types and the embed pages (the auth server serves them from the deployed package), without sources", () => {
  const listing = execFileSync("tar", ["-tzf", tarball], { cwd: work }).toString();
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
  const packed = execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { cwd: work }).toString();
  expect(packed).not.toMatch(/"(catalog|workspace):/);
  expect(manifest.sideEffects).toContain("./dist/esm/components/*/index.js");
});

it("typechecks e.detail of every component event, the window events and the JS API under strict", () => {
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
// @ts-expect-error: strict (TypeScript's default, the template sets nothing) refuses an implicit any
export const loose = (value) => value;

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
  typecheck();
  // The template skips checking declaration files; the SDK's own are checked once here all the same.
  typecheck("--skipLibCheck", "false");
});

/** Builds `src/<entry>.ts` with Vite; returns the JS a page loads first (entry + static imports) and the lazy chunks. */
function viteBuild(entry: string, source: string) {
  writeFileSync(path.join(app, `src/${entry}.ts`), source);
  writeFileSync(
    path.join(app, `vite.${entry}.config.mjs`),
    `export default { logLevel: "silent", build: { outDir: "dist-${entry}", manifest: true, rolldownOptions: { input: "src/${entry}.ts" } } };`,
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

it("Vite bundles @org/authkit-sdk/core without Lit, under 7 KB gzipped at first load", () => {
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
  expect(one.initialJs).toMatch(tagName("authkit-passkey"));
  expect(one.initialJs).toMatch(tagName("authkit-status")); // the status line it renders
  for (const other of ["authkit-register", "authkit-authenticate", "authkit-qr", "authkit-passkeys"]) {
    expect(one.initialJs).not.toMatch(tagName(other));
  }
});
