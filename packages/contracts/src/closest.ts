// "Did you mean …?": the known name closest to one a client got wrong (a tool, a query parameter,
// a toolset), by edit distance, so an error can name what was probably meant.

/** Levenshtein distance between two short strings. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `name` (case and `-`/`_` ignored), or undefined when none is close
 * enough to be a likely typo: within a third of the name's length (at least 2 edits), or one
 * containing the other (`claim_next` for claim_next_card).
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const norm = (value: string) => value.toLowerCase().replace(/-/g, "_");
  const wanted = norm(name);
  if (wanted.length === 0 || wanted.length > 100) return undefined;
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const other = norm(candidate);
    const contains = wanted.length >= 4 && (other.includes(wanted) || wanted.includes(other));
    const score = contains ? Math.abs(other.length - wanted.length) / 100 : editDistance(wanted, other);
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return bestScore <= Math.max(2, Math.floor(wanted.length / 3)) ? best : undefined;
}
