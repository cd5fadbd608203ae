export { createTestDatabase, type TestDatabase } from "./test-database.ts";
export { databaseUrl, dropDatabase, runOnServer, testServerUrl, uniqueDatabaseName } from "./postgres.ts";
