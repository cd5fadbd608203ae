// How long the trash keeps a deleted card. No dependencies, so the web app's pages can import it
// alone (`@org/contracts/trash`).

/** Days a deleted card stays in its project's trash before the sweeper deletes it for good. */
export const TRASH_RETENTION_DAYS = 30;
