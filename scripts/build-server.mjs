// `pnpm build:server` of an app (run in its folder): bundles src/server.ts and src/cli.ts into
// dist/server.js and dist/cli.js, plain JavaScript for `node` (what the production image runs;
// `pnpm start` keeps running the sources with tsx). The workspace packages (@org/*, consumed as
// TypeScript sources) are bundled in; every other package stays an import from node_modules.
import { createRequire } from "node:module";
import path from "node:path";

const appDir = process.cwd();
const { build } = createRequire(path.join(appDir, "package.json"))("esbuild");

/** Bare imports other than @org/* are left to node_modules at run time. */
const externalPackages = {
  name: "external-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@org/") ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  absWorkingDir: appDir,
  entryPoints: { server: "src/server.ts", cli: "src/cli.ts" },
  outdir: "dist",
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
