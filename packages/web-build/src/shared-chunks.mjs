// @ts-check
// Lazy chunks that share the modules of the entry that loads them. An entry stays one self-contained
// file and each lazy chunk is built on its own, so without this a chunk would carry its own copy of
// every module it imports: a second Lit, a second `AuthKitError` class (an error from the chunk is
// then not `instanceof` the entry's), twice the bytes. Instead:
// 1. the entries are bundled once without writing (`probeEntries`), which says which modules each holds
//    and which entries load which chunk;
// 2. each chunk is bundled once with those modules left out (`sharedImports`), which says what it
//    takes from them: `{ module: [export names] }`;
// 3. the chunk is bundled again, reading those exports from a registry object on `globalThis` under a
//    `Symbol.for` key made from what it shares (`chunkReadingRegistry`), and each entry that loads it
//    fills that registry with its own bindings as it runs (`entryFillingRegistry`), before any
//    `import()` of the chunk can have run.
// The chunk reads the bindings once, when it runs: a shared `let` that the entry reassigns later is
// not seen (the SDK exports none). A chunk loaded without its entry throws, naming the entry.
import { createHash } from "node:crypto";
import path from "node:path";
import ts from "typescript";

/** Marks the chunk's imports of shared modules in its probe build; the rest is the module's path. */
const MARK = "shared-module:";

/**
 * Which modules each entry bundles, and which entries load each lazy module.
 * @param {import("esbuild").Metafile} metafile of the entries' probe build
 * @param {string} absWorkingDir
 * @param {Record<string, string>} entryPoints name → source
 * @param {Map<string, Set<string>>} lazyImporters lazy source (absolute) → modules importing it (absolute)
 * @returns {Map<string, { entries: string[], shared: Set<string> }>} lazy source → entries loading it
 *   and the modules (absolute) that all of them bundle
 */
export function probeEntries(metafile, absWorkingDir, entryPoints, lazyImporters) {
  /** @type {Map<string, Set<string>>} entry name → its modules (absolute) */
  const modulesOf = new Map();
  for (const output of Object.values(metafile.outputs)) {
    if (!output.entryPoint) continue;
    const entry = path.resolve(absWorkingDir, output.entryPoint);
    const name = Object.keys(entryPoints).find(
      (key) => path.resolve(absWorkingDir, /** @type {string} */ (entryPoints[key])) === entry,
    );
    if (!name) continue;
    modulesOf.set(
      name,
      new Set(Object.keys(output.inputs).map((input) => path.resolve(absWorkingDir, input))),
    );
  }
  /** @type {Map<string, { entries: string[], shared: Set<string> }>} */
  const result = new Map();
  for (const [lazy, importers] of lazyImporters) {
    const entries = [...modulesOf].filter(([, modules]) => [...importers].some((m) => modules.has(m)));
    if (!entries.length) continue;
    const [first, ...rest] = entries.map(([, modules]) => modules);
    const shared = new Set([...(first ?? [])].filter((m) => rest.every((modules) => modules.has(m))));
    result.set(lazy, { entries: entries.map(([name]) => name), shared });
  }
  return result;
}

/**
 * esbuild plugin for a chunk's probe build: imports of `shared` modules stay imports of
 * `shared-module:<path>`, so the output says what the chunk takes from them.
 * @param {Set<string>} shared absolute paths
 * @returns {import("esbuild").Plugin}
 */
export function leaveSharedOut(shared) {
  return {
    name: "leave-shared-out",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === "entry-point" || args.pluginData?.inner) return undefined;
        const resolved = await pluginBuild.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { inner: true },
        });
        if (resolved.errors.length || !shared.has(resolved.path)) return undefined;
        return { path: `${MARK}${resolved.path}`, external: true };
      });
    },
  };
}

/**
 * What the chunk's probe output imports from each shared module.
 * @param {string} code the probe build's JavaScript
 * @returns {Map<string, string[]>} module (absolute) → export names, sorted
 */
export function sharedImports(code) {
  const file = ts.createSourceFile("chunk.js", code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  /** @type {Map<string, Set<string>>} */
  const names = new Map();
  for (const statement of file.statements) {
    const from =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : undefined;
    if (!from?.startsWith(MARK)) continue;
    const module = from.slice(MARK.length);
    const taken = names.get(module) ?? new Set();
    names.set(module, taken);
    if (ts.isExportDeclaration(statement))
      throw new Error(
        `a lazy chunk re-exports ${module}, which its entry holds: export it from the chunk's own module`,
      );
    const clause = /** @type {import("typescript").ImportDeclaration} */ (statement).importClause;
    if (!clause) continue; // `import "x"`: the entry has run it already
    if (clause.name) taken.add("default");
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings))
      throw new Error(`a lazy chunk imports all of ${module} as a namespace: import the names it uses`);
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) taken.add((element.propertyName ?? element.name).text);
  }
  return new Map(
    [...names]
      .filter(([, taken]) => taken.size)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([module, taken]) => [module, [...taken].sort()]),
  );
}

/**
 * The registry's key for one chunk: `Symbol.for` of a name made from the chunk's probe output and the
 * entries' (so two builds, e.g. two versions of a package on one page, do not read each other's).
 * @param {string} name the chunk's name
 * @param {string[]} texts
 */
export function registryKey(name, texts) {
  const hash = createHash("sha256");
  for (const text of texts) hash.update(text).update("\0");
  return `@org/web-build:${name}:${hash.digest("hex").slice(0, 16)}`;
}

/**
 * esbuild plugin for a chunk's real build: each shared module is a small module that reads its
 * exports from the registry the entry filled.
 * @param {string} key
 * @param {Map<string, string[]>} imports module → export names (from `sharedImports`)
 * @param {string} entryHint what to load instead, for the error of a chunk loaded on its own
 * @returns {import("esbuild").Plugin}
 */
export function chunkReadingRegistry(key, imports, entryHint) {
  const ids = new Map([...imports.keys()].map((module, index) => [module, index]));
  return {
    name: "chunk-reading-registry",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === "entry-point" || args.pluginData?.inner) return undefined;
        if (args.path === "shared-registry") return { path: "registry", namespace: "shared-registry" };
        const resolved = await pluginBuild.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { inner: true },
        });
        if (resolved.errors.length || !ids.has(resolved.path)) return undefined;
        return { path: resolved.path, namespace: "shared-module" };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: "shared-registry" }, () => ({
        contents: `const registry = globalThis[Symbol.for(${JSON.stringify(key)})];
if (!registry) throw new Error(${JSON.stringify(`This chunk is loaded by ${entryHint}, not on its own`)});
export default registry;`,
        loader: "js",
      }));
      pluginBuild.onLoad({ filter: /.*/, namespace: "shared-module" }, (args) => {
        const names = imports.get(args.path) ?? [];
        const id = ids.get(args.path);
        return {
          contents: [
            `import registry from "shared-registry";`,
            `const module = registry[${id}];`,
            ...names.map((name, index) => `const b${index} = module[${JSON.stringify(name)}];`),
            `export { ${names.map((name, index) => `b${index} as ${name}`).join(", ")} };`,
          ].join("\n"),
          loader: "js",
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

/**
 * esbuild plugin for the entries' real build: an entry that loads chunks becomes a module that
 * re-exports the real one and then fills each chunk's registry with the bindings it takes.
 * @param {Map<string, { key: string, imports: Map<string, string[]> }[]>} registries entry source
 *   (absolute) → the registries of the chunks it loads
 * @returns {import("esbuild").Plugin}
 */
export function entryFillingRegistry(registries) {
  return {
    name: "entry-filling-registry",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== "entry-point") return undefined;
        const source = path.resolve(args.resolveDir, args.path);
        return registries.has(source) ? { path: source, namespace: "entry-with-registry" } : undefined;
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: "entry-with-registry" }, (args) => {
        const lines = [`export * from ${JSON.stringify(args.path)};`];
        const fills = [];
        let n = 0;
        for (const { key, imports } of registries.get(args.path) ?? []) {
          const modules = [];
          for (const [module, names] of imports) {
            const locals = names.map((name) => [name, `s${n++}`]);
            lines.push(
              `import { ${locals.map(([name, local]) => `${name} as ${local}`).join(", ")} } from ${JSON.stringify(module)};`,
            );
            modules.push(
              `{ ${locals.map(([name, local]) => `${JSON.stringify(name)}: ${local}`).join(", ")} }`,
            );
          }
          fills.push(`globalThis[Symbol.for(${JSON.stringify(key)})] ??= [${modules.join(", ")}];`);
        }
        return {
          contents: [...lines, ...fills].join("\n"),
          loader: "js",
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}
