const preset = require("../../jest.preset.cjs");

module.exports = {
  ...preset,
  // @org/authkit-node's exports are its built ES modules: tests run its sources instead.
  moduleNameMapper: { "^@org/authkit-node$": "<rootDir>/../../packages/authkit-node/src/index.ts" },
  globalSetup: require.resolve("@org/db/testing/global-setup"),
  globalTeardown: require.resolve("@org/db/testing/global-teardown"),
};
