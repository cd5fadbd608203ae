export { fromBase64Url, toBase64Url } from "./base64url.ts";
export { prfHash } from "./prf-hash.ts";
export { prfExtensionInput, readPrfOutput, withoutPrfResults } from "./extension.ts";
