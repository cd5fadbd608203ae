// The package as npm users get it (issue 32 pt 2): `pnpm pack`, published to a local registry
// (Verdaccio 6.8.0 on a loopback port, installed here from npm; the toolchain notes say how), then
// `npm install @org/authkit-sdk` exactly as the README says, with only the @org scope pointed at
// that registry, in a fresh Vite + strict TypeScript app that builds, and for a plain HTML page that
// loads dist/authkit.js from node_modules. Needs `pnpm build` first.
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

const root = path.resolve(__dirname, "..");
const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string })
  .version;
let work: string;
let app: string;
let registry: string;
let verdaccio: ChildProcess | undefined;

const npm = (cwd: string, args: string[]) =>
  execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, stdio: "pipe" });

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
  const tarball = readdirSync(work).find((file) => file.endsWith(".tgz"));
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

  app = path.join(work, "site");
  mkdirSync(app);
  writeFileSync(
    path.join(app, "package.json"),
    JSON.stringify({ name: "site", private: true, type: "module" }),
  );
  // The README's command; only the @org scope comes from the local registry, the rest from npm.
  npm(app, ["install", "@org/authkit-sdk", `--@org:registry=${registry}`, "--prefer-offline"]);
  // vite@7: vite 8 does not install on every machine of this kind (see the README's note).
  npm(app, ["install", "--save-dev", "vite@7", "typescript@~5.9", "--prefer-offline"]);
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

it("a strict TypeScript Vite app importing it typechecks and builds", () => {
  mkdirSync(path.join(app, "src"), { recursive: true });
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
  writeFileSync(
    path.join(app, "src/main.ts"),
    `import { AuthKit, AuthKitEvents } from "@org/authkit-sdk";
const box = document.createElement("authkit-authenticate");
box.addEventListener("success", (e) => console.log(e.detail));
window.addEventListener(AuthKitEvents.AUTH_ERROR, ({ detail }) => console.log(detail.code));
document.body.append(box);
console.log(AuthKit.name);
`,
  );
  writeFileSync(
    path.join(app, "index.html"),
    '<!doctype html><html><body><script type="module" src="/src/main.ts"></script></body></html>',
  );
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"], {
    cwd: app,
    stdio: "pipe",
  });
  execFileSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "error"], {
    cwd: app,
    stdio: "pipe",
  });
  const bundles = readdirSync(path.join(app, "dist/assets"))
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(path.join(app, "dist/assets", file), "utf8"));
  expect(bundles.some((bundle) => bundle.includes('"authkit-authenticate"'))).toBe(true);
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
