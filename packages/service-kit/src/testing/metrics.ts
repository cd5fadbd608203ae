/**
 * The value of one series in Prometheus' text format (`name{label="value",…} 42`), found by its
 * name and labels in any order (a histogram prints its labels in another order than a counter);
 * 0 when it is absent, as Prometheus reads a counter that never moved.
 */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).sort().join(";");
  for (const line of text.split("\n")) {
    const match = /^([\w:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [
      key,
      value,
    ]);
    if (found.sort().join(";") === wanted) return Number(match[3]);
  }
  return 0;
}
