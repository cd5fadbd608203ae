// The AuthKit SDK, loaded when a page needs its components: the auth server's own copy (the import
// resolves to /app/sdk/authkit.js, which redirects to AUTH_SERVER_URL/sdk/authkit.js). Loaded on
// demand, so the board still works for a signed-in user while the auth server is away.
let loading: Promise<unknown> | undefined;

export function loadAuthKit(): Promise<unknown> {
  loading ??= import("@org/authkit-sdk").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
