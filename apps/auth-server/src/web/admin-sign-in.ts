// `GET /`: after the passkey sign-in (`success` of <authkit-authenticate>), the page asks its own
// server for the dashboard session with the login's challengeId, then opens the dashboard.
import "@org/web-theme/auto"; // first: the `dark` class before anything renders
import "@org/authkit-sdk";
import type { AuthenticateSuccessDetail } from "@org/authkit-sdk";

const slot = document.getElementById("sign-in") as HTMLElement;
const notice = document.getElementById("notice") as HTMLElement;
const progress = document.getElementById("progress") as HTMLElement;
const signIn = slot.querySelector("authkit-authenticate") as HTMLElement;
const apiBaseUrl = slot.dataset.apiBaseUrl ?? "";

function say(message: string, kind: "error" | "info" = "error") {
  notice.textContent = message;
  notice.classList.toggle("info", kind === "info");
  notice.setAttribute("role", kind === "error" ? "alert" : "status");
  notice.hidden = false;
}

if (location.origin !== apiBaseUrl) {
  say(`Open this page at ${apiBaseUrl}/ : administrator passkeys belong to that address.`);
} else if (new URLSearchParams(location.search).get("signed-out") === "expired") {
  say("Your session ended. Sign in again to continue.", "info");
}

signIn.addEventListener("success", async (event) => {
  const { challengeId } = (event as CustomEvent<AuthenticateSuccessDetail>).detail;
  notice.hidden = true;
  progress.textContent = "Signing you in…";
  try {
    const response = await fetch("/admin/session", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ challengeId }),
    });
    if (response.ok) {
      location.assign("/admin");
      return;
    }
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    say(body.error ?? `Sign-in failed (${response.status}).`);
  } catch {
    say("Can't reach the server. Check your connection and try again.");
  }
  progress.textContent = "";
});

// The page's session token lasts 15 minutes: a page left open that long gets a fresh one.
signIn.addEventListener("expired", () => location.reload());
