import { openDatabase, type Db } from "@org/db";
import { runCli } from "@org/service-kit";
import { loadBoardEnv } from "./env.ts";
import { createToken, createUser, revokeToken } from "./services/users.ts";

const env = loadBoardEnv();

/** Opens (and migrates) the service's database for one command, then closes it. */
async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    service: "board-api",
  });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

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
    run: (values) => withDatabase((db) => revokeToken({ db, token: required(values.token, "token") })),
  },
});
