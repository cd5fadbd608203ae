import { html, nothing, type TemplateResult } from "lit";
import { format, t } from "../i18n.ts";
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
  /** "Showing 3 tenants", in the page's language (`countOf`). */
  count: (count: number) => string;
  /** "Couldn't load the tenants: {error}". */
  failed: string;
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
export function pagedTable<T>({
  list,
  label,
  head,
  columns,
  row,
  empty,
  count,
  failed,
}: PagedTableOptions<T>) {
  if (list.state === "error" && list.items.length === 0) {
    return loadFailed(format(failed, { error: list.error }), () => list.reload());
  }
  if (list.state === "ready" && list.items.length === 0) return empty;
  const loading = list.state === "loading";
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
            <span role="status">${count(list.items.length)}</span>
            ${
              list.state === "error"
                ? html`<span class="alert" role="alert"
                    >${list.error}
                    <button class="button secondary small" type="button" @click=${() => list.loadMore()}>
                      ${t.common.tryAgain}
                    </button></span
                  >`
                : list.hasMore
                  ? html`<button
                      class="button secondary small"
                      type="button"
                      ?disabled=${list.state === "more"}
                      @click=${() => list.loadMore()}
                    >
                      ${
                        list.state === "more"
                          ? html`<span class="spinner" aria-hidden="true"></span> ${t.common.loading}`
                          : t.common.loadMore
                      }
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

/** A list that could not be loaded: what failed and why ("Couldn't load the users: …"), and a retry. */
export const loadFailed = (message: string, retry: () => void) =>
  html`<div class="state">
    <div class="alert" role="alert">
      <span>${message}</span>
      <button class="button secondary small" type="button" @click=${retry}>${t.common.tryAgain}</button>
    </div>
  </div>`;
