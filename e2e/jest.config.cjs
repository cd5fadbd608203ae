const preset = require("../jest.preset.cjs");

module.exports = {
  ...preset,
  // The longest suite, and the last to be ready (it needs both apps built): two files at a time.
  maxWorkers: Number(process.env.JEST_WORKERS ?? 2),
  globalSetup: require.resolve("@org/db/testing/global-setup"),
  globalTeardown: require.resolve("@org/db/testing/global-teardown"),
};
