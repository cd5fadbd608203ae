// The SDK's public entry: the JS API, its types, the six web components (defined on import) and
// the languages. Loaded as a plain <script type="module"> it also sets `window.AuthKit`, with
// `AuthKit.AuthKitError`, `AuthKit.AuthKitEvents`, `AuthKit.AuthKitErrorCode` and
// `AuthKit.describeError`. Bundlers can take less: `@org/authkit-sdk/core` (no Lit),
// `@org/authkit-sdk/components/<name>` (one element), `@org/authkit-sdk/i18n`.
import {
  AuthkitAuthenticate,
  AuthkitPasskey,
  AuthkitPasskeys,
  AuthkitQr,
  AuthkitRegister,
  AuthkitStatus,
} from "./components/index.ts";
import { AuthKit as CoreAuthKit } from "./core/authkit.ts";
import type { AuthKitConfig } from "./core/config.ts";
import { AuthKitError } from "./core/errors.ts";
import { describeError, loadLocale } from "./i18n/index.ts";

export * from "./core/index.ts";
export * from "./i18n/index.ts";
export * from "./components/index.ts";

/**
 * The JS API (`@org/authkit-sdk/core`'s class); from the full SDK, an instance also loads its
 * `locale` (German, French and Spanish are lazy chunks), so `describeError(error,
 * auth.getConfig())` speaks it by the time a request has failed.
 */
export class AuthKit extends CoreAuthKit {
  constructor(config: AuthKitConfig) {
    super(config);
    void loadLocale(this.getConfig().locale).catch(() => undefined);
  }
}

/**
 * `window.AuthKit`: the class, with the error class, the event names, the codes, `describeError` and
 * `loadLocale` (await it before describing errors in a language no element or instance has loaded).
 */
export type AuthKitGlobal = typeof AuthKit & {
  describeError: typeof describeError;
  loadLocale: typeof loadLocale;
};

declare global {
  interface Window {
    /** The AuthKit class, for pages that load the SDK with a plain script tag. */
    AuthKit: AuthKitGlobal;
  }
}

// The minified bundle renames classes; a console (and `error.constructor.name`) shows these names.
const classes = {
  AuthKit,
  AuthKitError,
  AuthkitAuthenticate,
  AuthkitRegister,
  AuthkitPasskey,
  AuthkitPasskeys,
  AuthkitQr,
  AuthkitStatus,
};
for (const [name, value] of Object.entries(classes)) Object.defineProperty(value, "name", { value: name });

if (typeof window !== "undefined") window.AuthKit = Object.assign(AuthKit, { describeError, loadLocale });
