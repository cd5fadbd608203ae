const preset = require("../../jest.preset.cjs");

module.exports = {
  ...preset,
  globalSetup: "<rootDir>/src/testing/global-setup.ts",
  globalTeardown: "<rootDir>/src/testing/global-teardown.ts",
};
