// One lint config for the whole workspace.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.turbo/**",
      "**/.data/**",
      "**/generated/**",
      "**/coverage/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Apps and packages are entered by their exports (an app's `service` and `testing` entries),
    // never by a file path: a deep import ties a test or a benchmark to an app's insides.
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@org/*/src/**", "@org/*/test/**"],
              message:
                "Import the package's entry (@org/board-api/service, @org/board-api/testing, …), not its files.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["packages/authkit-sdk/src/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
);
