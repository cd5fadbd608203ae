import { html, nothing, type TemplateResult } from "lit";
import type { PagedList } from "../paged.ts";

export interface PagedTableOptions<T> {
  list: PagedList<T>;
  /** The table's accessible name. */
  label: string;
  /** The header row's cells. */
  head: TemplateResult;
  columns: number;
  row: (item: T) => TemplateResult;
  /** Shown instead of the table when the list is empty. */
  empty: TemplateResult;
  /** ["tenant", "tenants"]: for "Showing 3 tenants". */
  noun: [string, string];
}

const skeleton = (columns: number) =>
  html`${[0, 1, 2].map(
    () =>
      html`<tr class="skeleton">
        ${Array.from({ length: columns }, () => html`<td><span></span></td>`)}
      </tr>`,
  )}`;

/**
 * A paged list as a table, with its states: loading (placeholder rows, `aria-busy`), failed (the
 * reason and a retry), empty (`empty`), and a footer with the count and "Load more".
 */
export function pagedTable<T>({ list, label, head, columns, row, empty, noun }: PagedTableOptions<T>) {
  if (list.state === "error" && list.items.length === 0) {
    return loadFailed(`the ${noun[1]}`, list.error, () => list.reload());
  }
  if (list.state === "ready" && list.items.length === 0) return empty;
  const loading = list.state === "loading";
  const count = list.items.length;
  return html`<div class="table-wrap">
      <table aria-label=${label} aria-busy=${loading ? "true" : "false"}>
        <thead>
          <tr>
            ${head}
          </tr>
        </thead>
        <tbody>
          ${loading ? skeleton(columns) : list.items.map(row)}
        </tbody>
      </table>
    </div>
    ${
      loading
        ? nothing
        : html`<div class="card-footer">
            <span role="status">Showing ${count} ${count === 1 ? noun[0] : noun[1]}</span>
            ${
              list.state === "error"
                ? html`<span class="alert" role="alert"
                    >${list.error}
                    <button class="button secondary small" type="button" @click=${() => list.loadMore()}>
                      Try again
                    </button></span
                  >`
                : list.hasMore
                  ? html`<button
                      class="button secondary small"
                      type="button"
                      ?disabled=${list.state === "more"}
                      @click=${() => list.loadMore()}
                    >
                      ${list.state === "more" ? html`<span class="spinner" aria-hidden="true"></span> Loading…` : "Load more"}
                    </button>`
                  : nothing
            }
          </div>`
    }`;
}

/** An empty state: an icon, what is missing, what to do. */
export function emptyState(icon: TemplateResult, title: string, text: string, action?: TemplateResult) {
  return html`<div class="empty">
    ${icon}
    <h3>${title}</h3>
    <p>${text}</p>
    ${action ?? nothing}
  </div>`;
}

/** A list that could not be loaded: the reason and a retry. */
export const loadFailed = (what: string, error: string, retry: () => void) =>
  html`<div class="state">
    <div class="alert" role="alert">
      <span>Couldn't load ${what}: ${error}</span>
      <button class="button secondary small" type="button" @click=${retry}>Try again</button>
    </div>
  </div>`;
