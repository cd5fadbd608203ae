// What tests outside the app need (e2e, benchmarks) and the app's own tests use: the app on a
// test database, a listening instance as server.ts starts it, fixtures and clients.
export { createTestApp, type TestApp } from "./app.ts";
export {
  addMember,
  client,
  makeBoard,
  makeCard,
  makeColumn,
  makeProject,
  makeUser,
  type Client,
} from "./fixtures.ts";
export { connect, startLiveInstance, testRedisUrl, type LiveInstance } from "./live.ts";
// A user with an API token straight on a database, as the CLI makes one (benchmarks' seeds).
export { createUser } from "../services/users.ts";
// A signed-in web session for a user (a browser's cookie without the passkey ceremony).
export { startWebSession } from "../services/web-sessions.ts";
export { webConfig } from "../http/web.ts";
// Abandoned sign-ups and the auth server's tenant API, for the sign-up sweep's e2e case.
export { createTenantClient } from "../auth-server/tenant-client.ts";
export { SIGNUP_TTL_MS, sweepSignups } from "../services/web-signup.ts";
