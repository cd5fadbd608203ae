// The package as a user installs it from npm: `pnpm pack`, install the tarball into a fresh npm
// project, typecheck an import under `strict`, and bundle it with esbuild. Needs `pnpm build` first.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(__dirname, "..");
const require_ = createRequire(__filename);
let project: string;

beforeAll(() => {
  project = mkdtempSync(path.join(os.tmpdir(), "authkit-sdk-consumer-"));
  execFileSync("pnpm", ["pack", "--pack-destination", project], { cwd: root, stdio: "pipe" });
  const tarball = readdirSync(project).find((file) => file.endsWith(".tgz"));
  if (!tarball) throw new Error("pnpm pack wrote no tarball");
  writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  execFileSync(
    "npm",
    ["install", `./${tarball}`, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"],
    {
      cwd: project,
      stdio: "pipe",
    },
  );
}, 240_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

it("ships the bundle, the ES modules, the types and the embed pages (the auth server serves them from the deployed package), without sources", () => {
  const listing = execFileSync(
    "tar",
    ["-tzf", readdirSync(project).find((file) => file.endsWith(".tgz")) as string],
    {
      cwd: project,
    },
  ).toString();
  expect(listing).toContain("package/dist/authkit.js");
  expect(listing).toContain("package/dist/esm/index.js");
  expect(listing).toContain("package/dist/esm/index.d.ts");
  expect(listing).toMatch(/package\/dist\/chunks\/qr-socket-[A-Z0-9]{8}\.js/);
  expect(listing).not.toMatch(/package\/src\//);
  expect(listing).toMatch(/package\/dist\/embed\/manifest\.json/);
  const manifest = JSON.parse(
    execFileSync("npm", ["pkg", "get", "dependencies"], {
      cwd: path.join(project, "node_modules/@org/authkit-sdk"),
    }).toString(),
  ) as Record<string, string>;
  for (const version of Object.values(manifest)) expect(version).not.toMatch(/^(catalog|workspace):/);
});

it("typechecks `import { AuthKit, AuthKitError, AuthKitEvents }` under strict", () => {
  writeFileSync(
    path.join(project, "main.ts"),
    `import { AuthKit, AuthKitError, AuthKitEvents, type AuthResponse } from "@org/authkit-sdk";
const auth = new AuthKit({ apiBaseUrl: "https://auth.example.com", token: "st_x" });
auth.on(AuthKitEvents.AUTH_SUCCESS, (detail) => console.log(detail.user?.externalId, detail.prfOutput));
export async function signIn(): Promise<string> {
  const result: AuthResponse = await auth.passkey.authenticate({ prfSalt: "c2FsdA" });
  if (result.success) return result.challengeId ?? "";
  const error = new AuthKitError(result.error_code ?? "unknown", result.error);
  return error.code;
}
const element = document.createElement("authkit-authenticate");
element.token = "st_x";
`,
  );
  writeFileSync(
    path.join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "bundler",
        lib: ["ES2022", "DOM", "DOM.Iterable"],
        skipLibCheck: false,
        types: [],
      },
      files: ["main.ts"],
    }),
  );
  const tsc = require_.resolve("typescript/bin/tsc");
  const run = () =>
    execFileSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: project, stdio: "pipe" });
  expect(run).not.toThrow();
});

it("bundles with esbuild into one browser module (plus the lazy QR chunk)", async () => {
  writeFileSync(
    path.join(project, "entry.js"),
    `import { AuthKit } from "@org/authkit-sdk";\nwindow.kit = new AuthKit({ apiBaseUrl: "https://a" });\n`,
  );
  const result = await build({
    absWorkingDir: project,
    entryPoints: ["entry.js"],
    bundle: true,
    splitting: true,
    format: "esm",
    outdir: "out",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });
  const files = result.outputFiles.map((file) => path.relative(path.join(project, "out"), file.path));
  expect(files).toContain("entry.js");
  const entry = result.outputFiles.find((file) => file.path.endsWith("entry.js"))?.text ?? "";
  expect(entry).toContain('customElements.define("authkit-authenticate"');
  expect(entry).not.toContain("engine.io");
});
