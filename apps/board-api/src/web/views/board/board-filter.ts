// The board's search and filters as the URL keeps them (`?q=login&label=…&due=overdue`), so a
// reload or a shared link shows the same cards, and as the find_cards query that serves them
// (the server searches every card, not only those a column has drawn). Pure: no DOM.
import type { FindCardsQuery, z } from "@org/contracts";

type FindCardsParams = z.input<typeof FindCardsQuery>;

export interface BoardFilter {
  q?: string;
  label?: string;
  assignee?: string;
  priority?: string;
  due?: "overdue" | "week";
  owner?: "human" | "agent";
  claimed?: "true" | "false";
}

type Key = keyof BoardFilter;

/** URL parameter → find_cards query parameter. */
const QUERY_NAMES: Record<Key, string> = {
  q: "q",
  label: "label_id",
  assignee: "assignee_id",
  priority: "priority_id",
  due: "due",
  owner: "owner_type",
  claimed: "claimed",
};

/** The values a parameter may take (anything else in a URL is ignored). */
const CHOICES: Partial<Record<Key, readonly string[]>> = {
  due: ["overdue", "week"],
  owner: ["human", "agent"],
  claimed: ["true", "false"],
};

const KEYS = Object.keys(QUERY_NAMES) as Key[];
const ID = /^[0-9a-f-]{36}$/;

function valid(key: Key, value: string): boolean {
  if (key === "q") return value.trim().length > 0 && value.length <= 200;
  const choices = CHOICES[key];
  return choices ? choices.includes(value) : ID.test(value);
}

/** The filter a URL's query string (`location.search`) names. */
export function filterFromSearch(search: string): BoardFilter {
  const params = new URLSearchParams(search);
  const filter: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value !== null && valid(key, value)) filter[key] = value;
  }
  return filter as BoardFilter;
}

/** The query string for the URL ("" when nothing is filtered), keys in a fixed order. */
export function filterToSearch(filter: BoardFilter): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filter[key];
    if (value !== undefined && valid(key, value)) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const isFiltering = (filter: BoardFilter): boolean => filterToSearch(filter) !== "";

/** The find_cards query parameters for the filter (each value checked by `valid`). */
export function findCardsParams(filter: BoardFilter): FindCardsParams {
  const params: Record<string, string> = {};
  for (const key of KEYS) {
    const value = filter[key];
    if (value !== undefined && valid(key, value))
      params[QUERY_NAMES[key]] = key === "q" ? value.trim() : value;
  }
  return params as FindCardsParams;
}

/** The find_cards query string (without `?`) for the filter. */
export const findCardsQuery = (filter: BoardFilter): string =>
  new URLSearchParams(findCardsParams(filter) as Record<string, string>).toString();

/** The filter with one parameter set (an empty value clears it). */
export function withFilter(filter: BoardFilter, key: Key, value: string): BoardFilter {
  const next: Record<string, string | undefined> = { ...filter, [key]: value || undefined };
  return Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as BoardFilter;
}
