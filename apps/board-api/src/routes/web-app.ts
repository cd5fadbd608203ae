// /app: the web app's page (every /app/* path: the client routes), its assets, and the SDK.
import { sendPage, type PagePolicy } from "@org/service-kit";
import { Router } from "express";
import { appPage } from "../pages/app.ts";
import { webAssets } from "../pages/assets.ts";
import { parseRoute } from "../web/routes.ts";

/**
 * Paths under /app that are the server's own (scripts, the SDK, the web app's JSON endpoints):
 * everything else under /app is a page of the app. Unknown paths among these stay JSON 404s.
 */
const SERVER_PATHS = /^\/app\/(assets|auth|sdk|account\/passkeys)(\/|$)/;

/**
 * The page's CSP: scripts from this origin and the auth server (the SDK), frames from the auth
 * server (its sign-in iframe), fetches to both and this origin's websocket (live updates).
 */
export function appPolicy(origin: string, authServerUrl: string | undefined): PagePolicy {
  const auth = authServerUrl ? [authServerUrl] : [];
  const websocket = origin.replace(/^http/, "ws");
  // Images over https anywhere: the logos of OAuth clients on the consent page.
  return { scriptSrc: auth, connectSrc: [websocket, ...auth], frameSrc: auth, imgSrc: [...auth, "https:"] };
}

export function webAppRouter({
  origin,
  authServerUrl,
}: {
  /** This app's origin (PUBLIC_URL). */
  origin: string;
  authServerUrl: string | undefined;
}): Router {
  const router = Router();
  const policy = appPolicy(origin, authServerUrl);
  router.use("/app/assets", webAssets());
  // Page scripts import "@org/authkit-sdk" as /app/sdk/authkit.js (see scripts/build-web.mjs): the
  // auth server's own copy, so the components match the server they talk to.
  router.get("/app/sdk/authkit.js", (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    if (authServerUrl) res.redirect(302, `${authServerUrl}/sdk/authkit.js`);
    else res.status(404).type("text/javascript").send("// Sign-in is not configured (AUTH_SERVER_URL).\n");
  });
  // The one catch-all of the client routes: any /app URL (reloaded, bookmarked, shared) gets the
  // app, which routes itself; one the app does not know gets its not-found view, with status 404.
  router.get(["/app", "/app/{*path}"], (req, res, next) => {
    if (SERVER_PATHS.test(req.path)) return next();
    const status = parseRoute(req.path).name === "not-found" ? 404 : 200;
    sendPage(res, appPage({ authServerUrl }), { policy, status });
  });
  router.get("/", (_req, res) => res.redirect(302, "/app"));
  return router;
}
