import { openDatabase } from "@org/db";
import { runCli } from "@org/service-kit";
import { loadBoardEnv } from "./env.ts";

const env = loadBoardEnv();

void runCli("cli", {
  migrate: {
    summary: "Apply pending database migrations",
    async run() {
      const database = await openDatabase({
        databaseUrl: env.DATABASE_URL,
        dataDir: env.DATA_DIR,
        service: "board-api",
      });
      await database.close();
      return { migrated: true };
    },
  },
});
