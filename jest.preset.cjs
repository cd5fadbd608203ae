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
  // One test file at a time (JEST_WORKERS overrides): running the suites side by side on 2 cores
  // made timed browser steps and process tests time out.
  maxWorkers: Number(process.env.JEST_WORKERS ?? 1),
};
