import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

/** A built file name carrying its content hash (`demo-4F3KQ2ZB.js`), safe to cache for a year. */
const HASHED = /-[A-Z0-9]{8}\.(js|css)(\.map)?$/;

export interface StaticAssetsOptions {
  /** Served to other origins' pages too (the SDK): CORS `*` and a cross-origin resource policy. */
  crossOrigin?: boolean;
  /** Only these paths (relative, without the leading slash) are served; others fall through. */
  allow?: RegExp;
}

/**
 * Built browser files: content-hashed names `Cache-Control: immutable` for a year, other names
 * (the SDK's stable `authkit.js`) 5 minutes; an ETag on both, so a revalidation costs a 304.
 */
export function staticAssets(
  dir: string,
  { crossOrigin = false, allow }: StaticAssetsOptions = {},
): RequestHandler {
  const files = express.static(dir, {
    index: false,
    etag: true,
    lastModified: false,
    setHeaders(res, filePath) {
      const hashed = HASHED.test(path.basename(filePath));
      res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=300");
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (crossOrigin) {
        res.setHeader("Access-Control-Allow-Origin", "*");
        res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      }
    },
  });
  if (!allow) return files;
  return (req, res, next) => (allow.test(req.path.replace(/^\//, "")) ? files(req, res, next) : next());
}

/**
 * An app's built pages (`<app>/dist/web`, written by its `build:web`) seen from `fromDir`, the
 * calling module's `__dirname`: the nearest folder up holding a package.json is the app, whether
 * the code runs from its sources (`src/pages/`) or from the server bundle (`dist/server.js`, also
 * in a deployed folder).
 */
export function builtPagesDir(fromDir: string): string {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return path.join(dir, "dist", "web");
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${fromDir}`);
  }
}

/**
 * The URL of a built entry (`demo` → `/assets/demo-4F3KQ2ZB.js`) from the `manifest.json` that
 * @org/web-build writes. Read on first use, so a service starts without a build; a page whose
 * assets were never built fails with a message saying so.
 */
export function assetManifest(dir: string, urlPrefix: string): (entry: string) => string {
  let manifest: Record<string, string> | undefined;
  return (entry) => {
    manifest ??= readManifest(dir);
    const file = manifest[entry];
    if (!file) throw new Error(`${entry} is not in ${dir}/manifest.json: run the package's build`);
    return `${urlPrefix}/${file}`;
  };
}

function readManifest(dir: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Record<string, string>;
  } catch (cause) {
    throw new Error(`No asset manifest in ${dir}: run the package's build`, { cause });
  }
}
