import { createRequire } from "node:module";
import path from "node:path";
import express, { type RequestHandler } from "express";

const sdkDist = path.dirname(createRequire(__filename).resolve("@org/authkit-sdk/authkit.js"));

/** Serves the built SDK bundle (`/sdk/authkit.js` and its source map) from @org/authkit-sdk. */
export function sdkFiles(): RequestHandler {
  return express.static(sdkDist, {
    index: false,
    maxAge: "5m",
    setHeaders(res) {
      // Loaded cross-origin by tenants' pages with <script type="module">.
      res.setHeader("Access-Control-Allow-Origin", "*");
      res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    },
  });
}
