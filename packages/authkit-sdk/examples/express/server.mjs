// A site's backend for AuthKit, as small as it gets: Node.js 20+ and Express.
//   npm install express
//   AUTH_SERVER_URL=https://auth.example.net AUTH_API_KEY=ak_… node server.mjs
// then open http://localhost:3000 (an origin of your tenant: cli tenant update <id> --add-origin …).
import express from "express";

const AUTH_SERVER_URL = process.env.AUTH_SERVER_URL ?? "http://localhost:4100";
const AUTH_API_KEY = process.env.AUTH_API_KEY; // stays on the server: never in a page
const PORT = Number(process.env.PORT ?? 3000);

/** A call to the auth server's tenant API, with the API key. */
async function authApi(path, body = {}) {
  const response = await fetch(`${AUTH_SERVER_URL}${path}`, {
    method: "POST",
    headers: { "X-API-KEY": AUTH_API_KEY, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${path}: ${answer.error_code} ${answer.error}`);
  return answer;
}

const app = express();
app.use(express.json());

// The person this browser belongs to. In your app: the user of your own session (signed up or
// signed in); here, one demo user.
const currentUser = () => ({ externalId: "demo-user", displayName: "Demo user" });

// <authkit-authenticate session-token-url="/session-token">: a fresh session token (15 minutes),
// fetched when the element mounts and again before it runs out.
app.get("/session-token", async (_req, res, next) => {
  try {
    const { token } = await authApi("/api/v1/session-token");
    res.set("Cache-Control", "no-store").json({ token });
  } catch (error) {
    next(error);
  }
});

// <authkit-register assertion-url="/passkey-token"> and <authkit-passkeys assertion-url="/passkey-token">:
// a short-lived user token of the signed-in person ("manage" also lists, renames and deletes).
app.get("/passkey-token", async (_req, res, next) => {
  try {
    const { userToken } = await authApi("/api/v1/user-token", { ...currentUser(), ttl: 60, scope: "manage" });
    res.set("Cache-Control", "no-store").json({ userToken });
  } catch (error) {
    next(error);
  }
});

// After the element's `success`: never trust the browser alone. verify-auth answers who signed in
// (once per login); then start your own session (a cookie) for that user.
app.post("/login", async (req, res) => {
  try {
    const { user } = await authApi("/api/v1/verify-auth", {
      challengeId: String(req.body?.challengeId ?? ""),
    });
    res.json({ signedIn: user.externalId, name: user.displayName });
  } catch {
    res.status(401).json({ error: "That sign-in could not be verified." });
  }
});

// The page: the SDK from the auth server, a register button, the sign-in, the passkeys.
app.get("/", (_req, res) => {
  res.type("html").send(`<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>My site</title>
<link rel="icon" href="data:,">
<script type="module" src="${AUTH_SERVER_URL}/sdk/authkit.js"></script>
<main style="max-width: 400px; margin: 40px auto; display: grid; gap: 16px; font-family: system-ui">
  <authkit-register api-base-url="${AUTH_SERVER_URL}" assertion-url="/passkey-token"></authkit-register>
  <authkit-authenticate api-base-url="${AUTH_SERVER_URL}" session-token-url="/session-token"></authkit-authenticate>
  <p id="who" role="status"></p>
  <authkit-passkeys api-base-url="${AUTH_SERVER_URL}" assertion-url="/passkey-token"></authkit-passkeys>
</main>
<script type="module">
  document.querySelector("authkit-authenticate").addEventListener("success", async (event) => {
    const response = await fetch("/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ challengeId: event.detail.challengeId }),
    });
    const answer = await response.json();
    document.getElementById("who").textContent = response.ok ? "Signed in as " + answer.name : answer.error;
  });
</script>
</html>`);
});

const server = app.listen(PORT, () => console.log(`listening on http://localhost:${server.address().port}`));
