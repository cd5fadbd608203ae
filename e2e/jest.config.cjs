const preset = require("../jest.preset.cjs");

module.exports = {
  ...preset,
  // Services run as real processes (deployed folders, several instances): slower than in-process apps.
  testTimeout: 180_000,
};
