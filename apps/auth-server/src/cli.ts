import { openDatabase } from "@org/db";
import { runCli } from "@org/service-kit";
import { loadAuthEnv } from "./env.ts";

const env = loadAuthEnv();

void runCli("cli", {
  migrate: {
    summary: "Apply pending database migrations",
    async run() {
      const database = await openDatabase({
        databaseUrl: env.DATABASE_URL,
        dataDir: env.DATA_DIR,
        service: "auth-server",
      });
      await database.close();
      return { migrated: true };
    },
  },
});
