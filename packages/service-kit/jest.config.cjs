const preset = require("../../jest.preset.cjs");

module.exports = {
  ...preset,
  // database-errors.test.ts maps real PostgreSQL errors: a migrated template database.
  globalSetup: require.resolve("@org/db/testing/global-setup"),
  globalTeardown: require.resolve("@org/db/testing/global-teardown"),
};
