const preset = require("../jest.preset.cjs");

module.exports = {
  ...preset,
  globalSetup: require.resolve("@org/db/testing/global-setup"),
  globalTeardown: require.resolve("@org/db/testing/global-teardown"),
  // Services run as real processes (deployed folders, several instances): slower than in-process apps.
  testTimeout: 180_000,
};
