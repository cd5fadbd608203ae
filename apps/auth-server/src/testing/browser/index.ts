// Browser-test support (DOM types: compiled with the pages' tsconfig): the tenant page's recorded
// events, a phone with its own authenticator and a camera for the QR code, and administrators
// invited and signed in to the dashboard. The auth server's own browser tests, e2e and the SDK's
// tests use it as `@org/auth-server/testing/browser`.
export { dismissPasskeyDialogs, eventsOf, registerWithApi, waitForEvent } from "./page.ts";
export { DESKTOP_USER_AGENT, openPhone, PHONE_USER_AGENT, scanQr } from "./phone.ts";
export { acceptInvite, adminInvite, adminSignInToken, signInToDashboard } from "./admin.ts";
