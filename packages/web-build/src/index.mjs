// @ts-check
// The one esbuild setup for browser code. The SDK's build (its public bundle and the embed pages'
// scripts) and each app's `build:web` (its page scripts) call `bundleBrowser`, so target, minification,
// source maps, chunk naming and the asset manifest are the same everywhere.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { build } from "esbuild";
import ts from "typescript";
import {
  chunkReadingRegistry,
  entryFillingRegistry,
  leaveSharedOut,
  probeEntries,
  registryKey,
  sharedImports,
} from "./shared-chunks.mjs";

/** Browsers the bundles are written for: WebAuthn Level 3 JSON helpers are not assumed, ES2022 is. */
export const BROWSER_TARGET = ["es2022", "chrome109", "edge109", "firefox115", "safari16"];

/**
 * esbuild plugin: page scripts `import { AuthKit } from "@org/authkit-sdk"` (typed from the package)
 * but load the copy the server already serves, so a page runs exactly one SDK (one set of custom
 * element definitions) and the browser caches it once.
 * @param {string} url where the SDK module is served, e.g. "/sdk/authkit.js"
 * @returns {import("esbuild").Plugin}
 */
export function sdkFromServer(url = "/sdk/authkit.js") {
  return {
    name: "sdk-from-server",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^@org\/authkit-sdk$/ }, () => ({ path: url, external: true }));
    },
  };
}

/**
 * @typedef {object} BundleOptions
 * @property {Record<string, string>} entryPoints output name → source file
 * @property {string} outdir
 * @property {string} absWorkingDir the package directory (sources and tsconfig are resolved from it)
 * @property {boolean} [hashed] content-hashed entry file names (pages; long-cached)
 * @property {Record<string, string>} [lazy] source file → chunk name: modules the entries load with
 *   `import()`. Each is bundled on its own into `chunks/<name>-<hash>.js` and the entries import that
 *   file, so every entry stays one self-contained file (no shared chunk to fetch before it runs). A
 *   chunk takes the modules its entries already hold from them (one Lit, one `AuthKitError`), not a
 *   copy: see shared-chunks.mjs.
 * @property {boolean | string} [serveSdk] resolve `@org/authkit-sdk` to the served SDK (page scripts): `true`
 *   for `/sdk/authkit.js` (the auth server's own pages), or the URL another server answers it at
 * @property {boolean} [keepNames] keep class and function names through minification (a published
 *   bundle whose classes people see in their console: `AuthKitError`, not `g`)
 */

/**
 * The CSS of a Lit `css` template without comments, indentation and line breaks (esbuild minifies
 * the code around a template literal, never its text).
 * @param {string} text
 */
export function compactCss(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s+/g, " ")
    .replace(/\s*([{};,>])\s*/g, "$1")
    .replace(/:\s+/g, ":")
    .replace(/;}/g, "}")
    .trim();
}

/**
 * The text of every html`…` template in `source` (TypeScript) with the spaces and tabs around each
 * line break removed: the indentation of Lit templates, which HTML renders alike (the templates hold
 * no <pre> or <textarea> text). Line breaks stay, so source maps still point at the right lines;
 * expressions (`${…}`) and every other part of the file are kept as written. Found with
 * TypeScript's parser, not a pattern: a quote or brace in an expression cannot mislead it.
 * @param {string} source
 * @param {string} [fileName]
 */
export function collapseHtmlTemplates(source, fileName = "file.ts") {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  /** @type {[number, number][]} start and end of each template text part, in source order */
  const parts = [];
  /** @param {import("typescript").Node} node */
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(file) === "html") {
      const template = node.template;
      const literals = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      for (const literal of literals) parts.push([literal.getStart(file), literal.end]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = "";
  let at = 0;
  for (const [start, end] of parts.sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    out += source.slice(at, start) + source.slice(start, end).replace(/[ \t]*\n[ \t]*/g, "\n");
    at = end;
  }
  return out + source.slice(at);
}

/**
 * esbuild plugin: compacts the text of Lit templates in TypeScript sources, which esbuild's minifier
 * never touches: `css` templates without interpolations (`compactCss`), and in the elements' files
 * (`*.component.ts`, `*-view.ts`) the indentation of `html` templates (`collapseHtmlTemplates`).
 * @returns {import("esbuild").Plugin}
 */
function compactTemplates() {
  return {
    name: "compact-templates",
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.ts$/, namespace: "file" }, async (args) => {
        const source = await readFile(args.path, "utf8");
        let contents = source;
        if (contents.includes("css`"))
          contents = contents.replace(/\bcss`([^`$\\]*)`/g, (_, text) => `css\`${compactCss(text)}\``);
        if (/(\.component|-view)\.ts$/.test(args.path) && contents.includes("html`"))
          contents = collapseHtmlTemplates(contents, args.path);
        return contents === source ? undefined : { contents, loader: "ts" };
      });
    },
  };
}

/**
 * esbuild plugin: a module named `*.at-build.ts` is run at build time (bundled for Node and loaded)
 * and the page gets its default export as a JSON literal. A page takes what it needs of a large
 * module (the route of each operation of a registry) without bundling it (schemas, descriptions).
 * @returns {import("esbuild").Plugin}
 */
function evaluateAtBuild() {
  return {
    name: "evaluate-at-build",
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.at-build\.ts$/, namespace: "file" }, async (args) => {
        const built = await build({
          entryPoints: [args.path],
          bundle: true,
          platform: "node",
          format: "cjs",
          write: false,
          metafile: true,
          logLevel: "warning",
        });
        const dir = await mkdtemp(path.join(os.tmpdir(), "at-build-"));
        try {
          const file = path.join(dir, "module.cjs");
          await writeFile(file, built.outputFiles[0].text);
          const value = createRequire(import.meta.url)(file).default;
          return {
            contents: `export default ${JSON.stringify(value)};`,
            loader: "js",
            watchFiles: Object.keys(built.metafile.inputs).map((input) => path.resolve(input)),
          };
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      });
    },
  };
}

/** @param {Omit<import("esbuild").BuildOptions, "absWorkingDir"> & { absWorkingDir: string }} options */
function run(options) {
  return build({
    bundle: true,
    format: "esm",
    platform: "browser",
    target: BROWSER_TARGET,
    minify: true,
    sourcemap: "linked",
    legalComments: "linked",
    metafile: true,
    logLevel: "warning",
    define: { "process.env.NODE_ENV": '"production"' },
    ...options,
    plugins: [evaluateAtBuild(), compactTemplates(), ...(options.plugins ?? [])],
  });
}

/**
 * Bundles browser entry points as ES modules, minified, with linked source maps, and writes
 * `manifest.json` in `outdir` mapping each entry name to its output file (servers read it to link
 * hashed files).
 * @param {BundleOptions} options
 * @returns {Promise<{ manifest: Record<string, string>, chunks: Record<string, string> }>}
 */
export async function bundleBrowser({
  entryPoints,
  outdir,
  absWorkingDir,
  hashed = false,
  lazy = {},
  serveSdk = false,
  keepNames = false,
}) {
  const outRoot = path.resolve(absWorkingDir, outdir);
  const relative = (/** @type {string} */ file) =>
    path.relative(outRoot, path.resolve(absWorkingDir, file)).split(path.sep).join("/");

  /** @type {import("esbuild").Plugin[]} */
  const plugins = [];
  if (serveSdk) plugins.push(typeof serveSdk === "string" ? sdkFromServer(serveSdk) : sdkFromServer());

  // Which modules the entries hold and which entries load each lazy module (see shared-chunks.mjs).
  const lazySources = new Set(Object.keys(lazy).map((source) => path.resolve(absWorkingDir, source)));
  /** @type {Map<string, Set<string>>} lazy source → modules that import() it */
  const lazyImporters = new Map();
  /** @type {Map<string, { entries: string[], shared: Set<string> }>} */
  let sharing = new Map();
  /** @type {string[]} the entries' probe output, part of each registry key */
  let probeTexts = [];
  if (lazySources.size) {
    const probe = await run({
      absWorkingDir,
      entryPoints,
      outdir,
      write: false,
      sourcemap: false,
      plugins: [
        ...plugins,
        {
          name: "lazy-probe",
          setup(pluginBuild) {
            pluginBuild.onResolve({ filter: /.*/ }, (args) => {
              if (args.kind !== "dynamic-import") return undefined;
              const source = path.resolve(args.resolveDir, args.path);
              if (!lazySources.has(source)) return undefined;
              lazyImporters.set(source, (lazyImporters.get(source) ?? new Set()).add(args.importer));
              return { path: source, external: true };
            });
          },
        },
      ],
    });
    sharing = probeEntries(probe.metafile, absWorkingDir, entryPoints, lazyImporters);
    probeTexts = probe.outputFiles.filter((file) => file.path.endsWith(".js")).map((file) => file.text);
  }

  /** @type {Record<string, string>} source file (absolute) → output path relative to outdir */
  const chunks = {};
  /** @type {Map<string, { key: string, imports: Map<string, string[]> }[]>} entry source → registries */
  const registries = new Map();
  for (const [source, name] of Object.entries(lazy)) {
    const absolute = path.resolve(absWorkingDir, source);
    // A lazy module none of these entries loads (the embed pages have no <authkit-login>) is not built.
    if (!lazyImporters.has(absolute)) continue;
    const shares = sharing.get(absolute);
    /** @type {import("esbuild").Plugin[]} */
    const chunkPlugins = [];
    if (shares) {
      const probe = await run({
        absWorkingDir,
        entryPoints: { [name]: source },
        outdir: path.join(outdir, "chunks"),
        write: false,
        sourcemap: false,
        plugins: [leaveSharedOut(shares.shared)],
      });
      const code = probe.outputFiles.find((file) => file.path.endsWith(".js"))?.text ?? "";
      const imports = sharedImports(code);
      if (imports.size) {
        const key = registryKey(name, [code, ...probeTexts]);
        chunkPlugins.push(chunkReadingRegistry(key, imports, shares.entries.join(" or ")));
        for (const entry of shares.entries) {
          const entrySource = path.resolve(absWorkingDir, /** @type {string} */ (entryPoints[entry]));
          registries.set(entrySource, [...(registries.get(entrySource) ?? []), { key, imports }]);
        }
      }
    }
    const result = await run({
      absWorkingDir,
      entryPoints: { [name]: source },
      outdir: path.join(outdir, "chunks"),
      entryNames: "[name]-[hash]",
      plugins: chunkPlugins,
    });
    const file = Object.keys(result.metafile.outputs).find((output) => output.endsWith(".js"));
    if (!file) throw new Error(`no output for ${source}`);
    chunks[absolute] = relative(file);
  }

  if (registries.size) plugins.push(entryFillingRegistry(registries));
  if (Object.keys(chunks).length) {
    plugins.push({
      name: "lazy-chunks",
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind !== "dynamic-import") return undefined;
          const chunk = chunks[path.resolve(args.resolveDir, args.path)];
          return chunk ? { path: `./${chunk}`, external: true } : undefined;
        });
      },
    });
  }
  const result = await run({
    absWorkingDir,
    entryPoints,
    outdir,
    entryNames: hashed ? "[dir]/[name]-[hash]" : "[dir]/[name]",
    plugins,
    keepNames,
  });
  /** @type {Record<string, string>} */
  const manifest = {};
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!output.entryPoint || !/\.(js|css)$/.test(file)) continue;
    // An entry that fills a chunk's registry is a module of the "entry-with-registry" namespace.
    const entryPoint = (output.entryPoint ?? "").replace(/^entry-with-registry:/, "");
    const name = Object.entries(entryPoints).find(
      ([, source]) => path.resolve(absWorkingDir, source) === path.resolve(absWorkingDir, entryPoint),
    )?.[0];
    if (name) manifest[name] = relative(file);
  }
  await mkdir(outRoot, { recursive: true });
  await writeFile(path.join(outRoot, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    manifest,
    chunks: Object.fromEntries(Object.entries(chunks).map(([source, file]) => [relative(source), file])),
  };
}

/**
 * An app's `build:web`: its page scripts and styles into `<appDir>/dist/web/`, emptied first,
 * content-hashed, with `manifest.json` for the pages to link them and `.br`/`.gz` copies.
 * @param {{ appDir: string, entryPoints: Record<string, string>, serveSdk: boolean | string }} options
 */
export async function buildAppPages({ appDir, entryPoints, serveSdk }) {
  await rm(path.join(appDir, "dist/web"), { recursive: true, force: true });
  const built = await bundleBrowser({
    absWorkingDir: appDir,
    outdir: "dist/web",
    hashed: true,
    serveSdk,
    entryPoints,
  });
  // Brotli and gzip copies, for a server that sends them as they are (`staticAssets`' `precompressed`).
  await precompress(path.join(appDir, "dist/web"));
  return built;
}

/** Served files worth compressing: scripts, styles, source maps and licence texts. */
const COMPRESSIBLE = /\.(js|css|map|txt)$/;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every compressible
 * file under `dir` (its subfolders except `skip`), so a server sends them as they are
 * (`Content-Encoding` chosen from `Accept-Encoding`) instead of compressing per request. A copy that
 * is not smaller than the file is not written (the server then sends the file itself).
 * @param {string} dir
 * @param {{ skip?: string[] }} [options] folder names (relative to `dir`) left alone, e.g. `["esm"]`
 * @returns {Promise<Record<string, { raw: number, gzip?: number, brotli?: number }>>} sizes by relative path
 */
export async function precompress(dir, { skip = [] } = {}) {
  /** @type {Record<string, { raw: number, gzip?: number, brotli?: number }>} */
  const sizes = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relativePath = path.relative(dir, file).split(path.sep).join("/");
    if (skip.some((folder) => relativePath.startsWith(`${folder}/`))) continue;
    const bytes = await readFile(file);
    const brotli = brotliCompressSync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    });
    const gzip = gzipSync(bytes, { level: 9 });
    sizes[relativePath] = { raw: bytes.length };
    if (brotli.length < bytes.length) {
      await writeFile(`${file}.br`, brotli);
      sizes[relativePath].brotli = brotli.length;
    }
    if (gzip.length < bytes.length) {
      await writeFile(`${file}.gz`, gzip);
      sizes[relativePath].gzip = gzip.length;
    }
  }
  return sizes;
}
