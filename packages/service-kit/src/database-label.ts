import path from "node:path";

/**
 * Which database a service or command uses, for people: `PostgreSQL ada@db:5432/board` (never the
 * password) or `the embedded database in /repo/.data/board-api`.
 */
export function databaseLabel({
  databaseUrl,
  dataDir,
  service,
}: {
  databaseUrl?: string | undefined;
  dataDir: string;
  service: string;
}): string {
  if (!databaseUrl) return `the embedded database in ${path.join(dataDir, service)}`;
  try {
    const url = new URL(databaseUrl);
    const user = url.username ? `${decodeURIComponent(url.username)}@` : "";
    return `PostgreSQL ${user}${url.host}${url.pathname}`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}
