// Test and benchmark support: a software authenticator, and the library call it is measured against.
export {
  SoftwareAuthenticator,
  type AuthenticatorOptions,
  type ClientOverrides,
  type RegistrationOverrides,
  type StoredCredential,
} from "./authenticator.ts";
export { verifyAuthenticationResponse } from "@simplewebauthn/server";
export { createTenant, updateTenant } from "../services/tenants.ts";
// The QR login's live status over socket.io, for tests that run the auth server as its server.ts does.
export { QrLiveStatus } from "../realtime/qr.ts";
// The auth server as server.ts starts it, on a test database (browser tests, e2e, the SDK's tests).
export { startTestAuthServer, type RunningAuthServer } from "./test-server.ts";
