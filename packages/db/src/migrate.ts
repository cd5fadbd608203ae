import { runPrismaCli } from "./prisma-cli.ts";

/** Applies every pending migration of prisma/migrations (`prisma migrate deploy`). */
export async function migrateDatabase(url: string): Promise<void> {
  await runPrismaCli(["migrate", "deploy"], url);
}

/** True when the database has every migration applied (`prisma migrate status` exits 0). */
export async function isDatabaseUpToDate(url: string): Promise<boolean> {
  try {
    const out = await runPrismaCli(["migrate", "status"], url);
    return /Database schema is up to date/.test(out);
  } catch {
    return false;
  }
}
