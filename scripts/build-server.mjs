// `pnpm build:server` of an app (run in its folder): bundles src/server.ts and src/cli.ts into
// dist/server.js and dist/cli.js, plain JavaScript for `node` (what the production image and
// `pnpm start:prod` run; `pnpm start` keeps running the sources with tsx). `--outdir <folder>`
// (inside the app's folder) writes them elsewhere: the tests' bundle of the sources as they are
// (@org/service-kit/testing's bundledApp). The workspace packages
// (@org/*, consumed as TypeScript sources) are bundled in; every other package stays an import
// from node_modules, found from the app's folder. So the app must list each of them in its own
// `dependencies` (pnpm links only those into its node_modules, and `pnpm deploy --prod` installs
// only those): the build fails, naming the package, when one is missing.
import { readFileSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import path from "node:path";

const appDir = process.cwd();
const outdirFlag = process.argv.indexOf("--outdir");
const outdir = outdirFlag === -1 ? "dist" : process.argv[outdirFlag + 1];
const manifest = JSON.parse(readFileSync(path.join(appDir, "package.json"), "utf8"));
const { build } = createRequire(path.join(appDir, "package.json"))("esbuild");

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
const builtins = new Set(builtinModules);

/** Bare imports other than @org/* are left to node_modules at run time; they are recorded here. */
const imported = new Map();
const externalPackages = {
  name: "external-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@org/")) return undefined;
      const name = packageOf(args.path);
      if (!args.path.startsWith("node:") && !builtins.has(name) && !imported.has(name)) {
        imported.set(name, path.relative(appDir, args.importer));
      }
      return { path: args.path, external: true };
    });
  },
};

await build({
  absWorkingDir: appDir,
  entryPoints: { server: "src/server.ts", cli: "src/cli.ts" },
  outdir,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  sourcemap: "linked",
  // Stack traces keep the source files' names; run with --enable-source-maps for their lines.
  keepNames: true,
  logLevel: "warning",
  // Looked up at run time with require.resolve (packages/db/src/prisma-cli.ts), never bundled.
  external: ["@org/db/prisma.config.ts"],
  plugins: [externalPackages],
});

const missing = [...imported].filter(([name]) => !manifest.dependencies?.[name]);
if (missing.length > 0) {
  for (const [name, importer] of missing) {
    console.error(
      `build:server: dist/server.js imports "${name}" (from ${importer}), which ${manifest.name} does ` +
        `not list in "dependencies": add "${name}": "catalog:" there, or node cannot find it from the app.`,
    );
  }
  process.exit(1);
}
