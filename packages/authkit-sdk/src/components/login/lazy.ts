// The script tag's bundle (dist/authkit.js) loads <authkit-login> as a lazy chunk, once the page
// has one: the box would not fit the bundle's size budget. Elements made before the chunk arrives
// are upgraded when it defines the tag (attributes, properties and listeners set before are kept).
const TAG = "authkit-login";

/** Loads the `<authkit-login>` chunk (at most once); resolves when the element is defined. */
export function loadLogin(): Promise<unknown> {
  return import("./index.ts");
}

export function loadLoginWhenUsed(): void {
  if (typeof document === "undefined" || customElements.get(TAG)) return;
  if (document.querySelector(TAG)) {
    void loadLogin();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!document.querySelector(TAG)) return;
    observer.disconnect();
    void loadLogin();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
}
