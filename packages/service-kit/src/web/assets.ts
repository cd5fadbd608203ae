import { existsSync, readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";

/** A built file name carrying its content hash (`demo-4F3KQ2ZB.js`), safe to cache for a year. */
const HASHED = /-[A-Z0-9]{8}\.(js|css)(\.map)?$/;

export interface StaticAssetsOptions {
  /** Served to other origins' pages too (the SDK): CORS `*` and a cross-origin resource policy. */
  crossOrigin?: boolean;
  /** Only these paths (relative, without the leading slash) are served; others fall through. */
  allow?: RegExp;
  /**
   * The build wrote brotli and gzip copies next to the files (`authkit.js.br`, `authkit.js.gz`,
   * @org/web-build's `precompress`): send the one `Accept-Encoding` prefers (brotli first), with
   * `Vary: Accept-Encoding`. The copies present when the handler is made are the ones used.
   */
  precompressed?: boolean;
}

/** `authkit.js.br` → `authkit.js`: headers are chosen by the file sent, compressed or not. */
const COMPRESSED_SUFFIX = /\.(br|gz)$/;

/**
 * Built browser files: content-hashed names `Cache-Control: immutable` for a year; other names
 * (the SDK's stable `authkit.js`) `no-cache`, so browsers revalidate each use and a new release is
 * seen at once; an ETag on both (one per encoding), so a revalidation costs a 304.
 */
export function staticAssets(
  dir: string,
  { crossOrigin = false, allow, precompressed = false }: StaticAssetsOptions = {},
): RequestHandler {
  const serveStaticOptions = {
    index: false as const,
    etag: true,
    lastModified: false,
    setHeaders(res: ServerResponse, filePath: string) {
      const hashed = HASHED.test(path.basename(filePath).replace(COMPRESSED_SUFFIX, ""));
      res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      res.setHeader("X-Content-Type-Options", "nosniff");
      // express-static-gzip types a compressed copy `charset=UTF-8`; the file itself is `utf-8`.
      const type = res.getHeader("Content-Type");
      if (typeof type === "string")
        res.setHeader("Content-Type", type.replace("charset=UTF-8", "charset=utf-8"));
      if (crossOrigin) {
        res.setHeader("Access-Control-Allow-Origin", "*");
        res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      }
    },
  };
  const files: RequestHandler = precompressed
    ? expressStaticGzip(dir, {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: serveStaticOptions,
      })
    : express.static(dir, serveStaticOptions);
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
