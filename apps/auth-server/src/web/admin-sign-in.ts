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
/** The sentences this script writes, in the page's language (the server put them in `data-messages`). */
const t = JSON.parse(slot.dataset.messages ?? "{}") as Record<
  "signInWrongAddress" | "signInSessionEnded" | "signingIn" | "signInFailed" | "signInUnreachable",
  string
>;

function say(message: string, kind: "error" | "info" = "error") {
  notice.textContent = message;
  notice.classList.toggle("info", kind === "info");
  notice.setAttribute("role", kind === "error" ? "alert" : "status");
  notice.hidden = false;
}

if (location.origin !== apiBaseUrl) {
  say(t.signInWrongAddress.replace("{url}", apiBaseUrl));
} else if (new URLSearchParams(location.search).get("signed-out") === "expired") {
  say(t.signInSessionEnded, "info");
}

signIn.addEventListener("success", async (event) => {
  const { challengeId } = (event as CustomEvent<AuthenticateSuccessDetail>).detail;
  notice.hidden = true;
  progress.textContent = t.signingIn;
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
    // The server's own words when it gave a reason (English: for administrators).
    say(body.error ?? t.signInFailed.replace("{status}", String(response.status)));
  } catch {
    say(t.signInUnreachable);
  }
  progress.textContent = "";
});

// The page's session token lasts 15 minutes: a page left open that long gets a fresh one.
signIn.addEventListener("expired", () => location.reload());
