import type { Db } from "@org/db";
import { runCli, withCliDatabase } from "@org/service-kit";
import { loadBoardEnv } from "./env.ts";
import { revokeToken } from "./services/tokens.ts";
import { createToken, createUser } from "./services/users.ts";

// The environment is read inside a command, so a bad value is a one-line CLI error like any other.
const withDatabase = <T>(work: (db: Db) => Promise<T>) => withCliDatabase(loadBoardEnv(), "board-api", work);

const required = (value: unknown, flag: string): string => {
  if (typeof value !== "string" || value === "") throw new Error(`--${flag} is required`);
  return value;
};

void runCli("cli", {
  migrate: {
    summary: "Apply pending database migrations",
    run: () => withDatabase(async () => ({ migrated: true })),
  },
  "user create": {
    summary: "Create a user and a first API token: --email E --name N",
    options: { email: { type: "string" }, name: { type: "string" } },
    run: (values) =>
      withDatabase((db) =>
        createUser({ db, email: required(values.email, "email"), name: required(values.name, "name") }),
      ),
  },
  "token create": {
    summary: "Create another API token for a user: --email E",
    options: { email: { type: "string" } },
    run: (values) => withDatabase((db) => createToken({ db, email: required(values.email, "email") })),
  },
  "token revoke": {
    summary: "Revoke an API token: --token T",
    options: { token: { type: "string" } },
    run: (values) =>
      withDatabase(async (db) => {
        await revokeToken({ db, match: { token: required(values.token, "token") } });
        return { revoked: true };
      }),
  },
});
