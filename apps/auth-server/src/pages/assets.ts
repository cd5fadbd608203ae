import { createRequire } from "node:module";
import path from "node:path";
import { assetManifest, builtPagesDir, staticAssets } from "@org/service-kit";
import type { RequestHandler } from "express";

/** The built SDK (@org/authkit-sdk's dist/): the public bundle and the embed pages' scripts. */
const sdkDist = path.join(
  path.dirname(createRequire(__filename).resolve("@org/authkit-sdk/package.json")),
  "dist",
);
/** This app's own page scripts and styles (`pnpm build:web`, from src/web/). */
const webDist = builtPagesDir(__dirname);

/**
 * `/sdk/authkit.js` (+ map, licences, lazy chunks) and `/sdk/embed/*`; any origin may load them.
 * Sent as the brotli or gzip copies the SDK's build wrote, as Accept-Encoding prefers.
 */
export function sdkFiles(): RequestHandler {
  return staticAssets(sdkDist, {
    crossOrigin: true,
    precompressed: true,
    // The .br/.gz copies are sent in place of the file they compress, never under their own name.
    allow: /^(?!.*\.(br|gz)$)(authkit\.js(\.map|\.LEGAL\.txt)?|chunks\/[\w.-]+|embed\/(chunks\/)?[\w.-]+)$/,
  });
}

/**
 * `/assets/*`: the pages' scripts and styles (the QR phone page's on a phone's mobile connection),
 * same origin only, sent as the brotli or gzip copies `build:web` wrote.
 */
export function webAssets(): RequestHandler {
  return staticAssets(webDist, { allow: /^(?!.*\.(br|gz)$)[\w.-]+$/, precompressed: true });
}

/** URL of an embed page script: `/sdk/embed/auth-embed-<hash>.js`. */
export const embedScript = assetManifest(path.join(sdkDist, "embed"), "/sdk/embed");
/** URL of a page asset: `/assets/demo-<hash>.js`. */
export const pageAsset = assetManifest(webDist, "/assets");
