const preset = require("../jest.preset.cjs");

module.exports = {
  ...preset,
  globalSetup: require.resolve("@org/db/testing/global-setup"),
  globalTeardown: require.resolve("@org/db/testing/global-teardown"),
};
