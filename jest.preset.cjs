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
  },
  testTimeout: 30000,
};
