// The board's search box and filters (board-filter.ts keeps them in the URL). While a filter is
// on, the board shows the cards find_cards answers, in their columns, however far down a long
// column they are; dragging and adding cards wait until the filter is cleared. `/` anywhere but
// in a text field focuses the search box.
import type { Card } from "@org/contracts";
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from "lit";
import { live } from "lit/directives/live.js";
import { call } from "../../api.ts";
import type { ProjectData } from "./board-data.ts";
import {
  filterFromSearch,
  filterToSearch,
  findCardsParams,
  isFiltering,
  withFilter,
  type BoardFilter,
} from "./board-filter.ts";

/** At most this many matches are shown (a search finding more is narrowed first). */
const MAX_MATCHES = 1000;

/** Typing pauses shorter than this extend the search's history entry instead of adding one. */
const TYPING_ENTRY_MS = 2000;

type Host = ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment; projectId: string };

const isTextField = (node: EventTarget | undefined) =>
  node instanceof HTMLElement &&
  (node.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(node.tagName));

export class BoardSearch implements ReactiveController {
  filter: BoardFilter = filterFromSearch(location.search);
  /** The cards matching the filter (null: not filtering, or not loaded yet). */
  matches: Card[] | null = null;
  /** More cards match than are shown. */
  more = false;
  private loads = 0;
  private typing?: ReturnType<typeof setTimeout>;
  /** When the search text last changed the URL: a burst of typing is one history entry. */
  private lastTyped = 0;

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener("keydown", this.slash);
    window.addEventListener("popstate", this.onPop);
  }

  hostDisconnected(): void {
    document.removeEventListener("keydown", this.slash);
    window.removeEventListener("popstate", this.onPop);
    clearTimeout(this.typing);
  }

  get active(): boolean {
    return isFiltering(this.filter);
  }

  private readonly slash = (event: KeyboardEvent) => {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTextField(event.composedPath()[0])) return;
    event.preventDefault();
    this.host.renderRoot.querySelector<HTMLInputElement>("#card-search")?.focus();
  };

  /** Back and forward show the filter their URL names. */
  private readonly onPop = () => {
    const filter = filterFromSearch(location.search);
    if (filterToSearch(filter) === filterToSearch(this.filter)) return;
    this.filter = filter;
    this.lastTyped = 0;
    this.host.requestUpdate();
    void this.load().catch(() => undefined);
  };

  /** Loads the matching cards (the board calls it with each reload, live events included). */
  async load(): Promise<void> {
    const load = ++this.loads;
    if (!this.active) {
      this.matches = null;
      this.host.requestUpdate();
      return;
    }
    const query = findCardsParams(this.filter);
    const findPage = (cursor: string | null) =>
      call("find_cards", {
        params: { project_id: this.host.projectId },
        query: { ...query, limit: 200, ...(cursor ? { cursor } : {}) },
      });
    const cards: Card[] = [];
    let cursor: string | null = null;
    do {
      const page = await findPage(cursor);
      if (load !== this.loads) return;
      cards.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor && cards.length < MAX_MATCHES);
    this.matches = cards;
    this.more = cursor !== null;
    this.host.requestUpdate();
  }

  /**
   * Sets one filter and searches. The URL follows in a new history entry, so Back returns to the
   * previous filter; a burst of typing in the search box makes one entry, not one per pause.
   */
  set(key: keyof BoardFilter, value: string): void {
    const shown = filterToSearch(this.filter);
    if (key !== "q") this.takePendingText();
    const next = withFilter(this.filter, key, value);
    if (filterToSearch(next) === shown) return;
    const now = Date.now();
    // Emptying the box is a step of its own, like choosing a filter.
    const sameBurst =
      key === "q" && value !== "" && !!this.filter.q && now - this.lastTyped < TYPING_ENTRY_MS;
    this.lastTyped = key === "q" ? now : 0;
    this.go(next, sameBurst);
  }

  /** Text typed but not searched yet (the pause not over) joins the filter chosen now. */
  private takePendingText(): void {
    if (this.typing === undefined) return;
    clearTimeout(this.typing);
    this.typing = undefined;
    const text = this.host.renderRoot.querySelector<HTMLInputElement>("#card-search")?.value ?? "";
    this.filter = withFilter(this.filter, "q", text.trim() ? text : "");
  }

  clear(): void {
    clearTimeout(this.typing);
    this.typing = undefined;
    this.lastTyped = 0;
    this.go({}, false);
  }

  private go(filter: BoardFilter, replace: boolean): void {
    this.filter = filter;
    const url = `${location.pathname}${filterToSearch(filter)}`;
    if (replace) history.replaceState(history.state, "", url);
    else history.pushState(history.state, "", url);
    this.host.requestUpdate();
    void this.load().catch(() => undefined);
  }

  /** The board as the filter shows it: each column's matching cards, in position order. */
  apply(data: ProjectData): ProjectData {
    const matches = this.matches;
    if (!this.active || !matches) return data;
    const ids = new Set(matches.map((card) => card.id));
    return {
      ...data,
      columns: data.columns.map((column) => ({
        ...column,
        cards: column.cards.filter((card) => ids.has(card.id)),
      })),
    };
  }

  private select(key: keyof BoardFilter, label: string, options: Array<[string, string]>) {
    const value = this.filter[key] ?? "";
    return html`<select
      aria-label=${label}
      class=${value ? "on" : ""}
      .value=${live(value)}
      @change=${(event: Event) => this.set(key, (event.target as HTMLSelectElement).value)}
    >
      ${options.map(([id, text]) => html`<option value=${id} ?selected=${id === value}>${text}</option>`)}
    </select>`;
  }

  private status() {
    if (!this.active) return "";
    if (!this.matches) return "Searching…";
    const count = this.matches.length;
    if (count === 0) return "No cards match.";
    return count === 1 ? "1 card matches." : `${count}${this.more ? "+" : ""} cards match.`;
  }

  render(data: ProjectData, meId: string | undefined) {
    const people = data.members.map((member): [string, string] => [
      member.user_id,
      member.user_id === meId ? `${member.name} (you)` : member.name,
    ]);
    return html`<form
      class="search"
      role="search"
      aria-label="Cards"
      @submit=${(event: Event) => event.preventDefault()}
    >
      <input
        id="card-search"
        type="search"
        aria-label="Search cards"
        aria-keyshortcuts="/"
        placeholder="Search cards  /"
        maxlength="200"
        .value=${live(this.filter.q ?? "")}
        @input=${(event: Event) => {
          const text = (event.target as HTMLInputElement).value;
          clearTimeout(this.typing);
          this.typing = setTimeout(() => {
            this.typing = undefined;
            this.set("q", text.trim() ? text : "");
          }, 250);
        }}
        @keydown=${(event: KeyboardEvent) => event.key === "Escape" && (event.target as HTMLElement).blur()}
      />
      ${this.select("label", "Label", [["", "Any label"], ...data.labels.map((l): [string, string] => [l.id, l.name])])}
      ${this.select("assignee", "Assignee", [["", "Anyone"], ...people])}
      ${this.select("priority", "Priority", [["", "Any priority"], ...data.priorities.map((p): [string, string] => [p.id, p.name])])}
      ${this.select("due", "Due", [
        ["", "Any due date"],
        ["overdue", "Overdue"],
        ["week", "Due this week"],
      ])}
      ${this.select("owner", "Owner type", [
        ["", "Humans and agents"],
        ["human", "For humans"],
        ["agent", "For agents"],
      ])}
      ${this.select("claimed", "Claimed", [
        ["", "Claimed or not"],
        ["true", "Claimed"],
        ["false", "Not claimed"],
      ])}
      ${this.active ? html`<button type="button" class="button small ghost" @click=${() => this.clear()}>Clear</button>` : nothing}
      <span class="search-status muted" role="status">${this.status()}</span>
    </form>`;
  }
}
