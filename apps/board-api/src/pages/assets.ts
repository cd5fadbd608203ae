import { assetManifest, builtPagesDir, staticAssets } from "@org/service-kit";
import type { RequestHandler } from "express";

/** The web app's bundle (`pnpm build:web`, from src/web/). */
const webDist = builtPagesDir(__dirname);

/** `/app/assets/*`: the app's scripts and styles (content-hashed), same origin only. */
export function webAssets(): RequestHandler {
  return staticAssets(webDist, { allow: /^(chunks\/)?[\w.-]+$/ });
}

/** URL of a built asset: `/app/assets/app-<hash>.js`. */
export const pageAsset = assetManifest(webDist, "/app/assets");
