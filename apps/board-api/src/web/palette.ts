// Colours the app offers for new labels and the default priority ladder. Each reads on the light
// and the dark palette (as a dot beside the name, not as text).

/** Distinct label colours, in the order new labels get them. */
export const LABEL_COLORS = [
  "#2563eb", // blue
  "#16a34a", // green
  "#dc2626", // red
  "#9333ea", // purple
  "#ea580c", // orange
  "#0891b2", // cyan
  "#db2777", // pink
  "#ca8a04", // yellow
  "#4f46e5", // indigo
  "#64748b", // slate
] as const;

/** The first colour of LABEL_COLORS no label of the project has yet (then round again). */
export function nextLabelColor(used: readonly string[]): string {
  const taken = new Set(used.map((color) => color.toLowerCase()));
  return LABEL_COLORS.find((color) => !taken.has(color)) ?? LABEL_COLORS[used.length % LABEL_COLORS.length]!;
}

/** The ladder offered on a new project, most urgent first (agents claim cards in this order). */
export const PRIORITY_LADDER = [
  { name: "Urgent", color: "#dc2626" },
  { name: "High", color: "#ea580c" },
  { name: "Medium", color: "#ca8a04" },
  { name: "Low", color: "#64748b" },
] as const;

/** A new priority goes last (least urgent): a calm colour the ladder does not use yet. */
export function nextPriorityColor(used: readonly (string | null)[]): string {
  const taken = new Set(used.map((color) => color?.toLowerCase()));
  const calm = ["#64748b", "#2563eb", "#0891b2", "#16a34a", "#9333ea"];
  return calm.find((color) => !taken.has(color)) ?? "#64748b";
}
