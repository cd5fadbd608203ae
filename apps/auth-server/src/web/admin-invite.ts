// `GET /admin/invite?code=`: <authkit-register> fetches its user token from the invite's
// assertion-url on click; once the passkey exists, the page points to the sign-in.
import "@org/web-theme/auto"; // first: the `dark` class before anything renders
import "@org/authkit-sdk";

const register = document.querySelector("authkit-register") as HTMLElement;
const nextStep = document.getElementById("next-step") as HTMLElement;

register.addEventListener("success", () => {
  nextStep.hidden = false;
  nextStep.querySelector("a")?.focus();
});
