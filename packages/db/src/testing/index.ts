export { createTestDatabase, type TestDatabase } from "./test-database.ts";
export { databaseSnapshot } from "./snapshot.ts";
export { databaseUrl, dropDatabase, runOnServer, testServerUrl, uniqueDatabaseName } from "./postgres.ts";
