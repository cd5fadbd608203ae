export { SoftwareAuthenticator, type AuthenticatorOptions, type ClientOverrides } from "./authenticator.ts";
