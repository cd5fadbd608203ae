// Browser-test support of the auth server's own pages (DOM types: compiled with the pages'
// tsconfig): administrators invited and signed in to the dashboard. The auth server's browser tests
// and e2e use it as `@org/auth-server/testing/browser`; what drives the SDK on a tenant's page (its
// recorded events, a phone with a QR camera) is `@org/browser-testing`'s.
export { acceptInvite, adminInvite, adminSignInToken, signInToDashboard } from "./admin.ts";
