// Shared jest settings: TypeScript transpiled by ts-jest (type checking is `pnpm typecheck`).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  testMatch: ["<rootDir>/test/**/*.test.ts", "<rootDir>/src/**/*.test.ts"],
  moduleFileExtensions: ["ts", "js", "cjs", "mjs", "json"],
  transform: {
    "^.+\\.ts$": [
      "ts-jest",
      { tsconfig: { module: "commonjs", isolatedModules: true, esModuleInterop: true }, diagnostics: false },
    ],
    // jose 6 ships ES modules only, which jest cannot require on Node 20: compiled like our files.
    "/jose/dist/.+\\.js$": [
      "ts-jest",
      { tsconfig: { module: "commonjs", allowJs: true, isolatedModules: true }, diagnostics: false },
    ],
  },
  transformIgnorePatterns: ["/node_modules/(?!\\.pnpm/jose@|jose/)"],
  testTimeout: 30000,
  // One test file at a time per package: `pnpm test` runs three packages at once (the apps' suites
  // beside e2e's two files at a time: the suites wait on servers, browsers and timers more than they
  // compute). JEST_WORKERS overrides.
  maxWorkers: Number(process.env.JEST_WORKERS ?? 1),
};
