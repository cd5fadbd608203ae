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
  // Two test files at a time: the suites wait on servers, browsers and timers far more than they
  // compute (the load stayed under 2 running one file at a time on 2 cores). JEST_WORKERS overrides.
  maxWorkers: Number(process.env.JEST_WORKERS ?? 2),
};
