// @mentions, one rule for the server (who gets notified) and the web app (what is highlighted):
// `@handle` names a user when it follows neither a word character nor another `@`, so `x@ada.com`
// is an address, not a mention. No dependencies: the web app's bundle imports it directly.

const MENTION = /(^|[^\w@])@([a-z0-9][a-z0-9_-]{1,31})/gi;

export interface Mention {
  /** Where the `@` is. */
  start: number;
  /** Just after the handle. */
  end: number;
  /** The handle, lower case, without trailing `-` or `_` (punctuation after a name). */
  handle: string;
}

/**
 * The mentions in `text`, in order. `after` is the character just before `text` when it continues
 * other text (a mention must not follow a word character there either).
 */
export function findMentions(text: string, after = ""): Mention[] {
  const found: Mention[] = [];
  const lead = after.slice(-1);
  for (const match of (lead + text).matchAll(MENTION)) {
    const handle = (match[2] as string).toLowerCase().replace(/[-_]+$/, "");
    const start = (match.index as number) + (match[1] as string).length - lead.length;
    if (start < 0) continue;
    found.push({ start, end: start + 1 + handle.length, handle });
  }
  return found;
}
