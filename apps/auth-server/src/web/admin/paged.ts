import type { ReactiveController, ReactiveControllerHost } from "lit";
import { errorMessage, type ListPage } from "./api.ts";

export type ListState = "loading" | "ready" | "more" | "error";

/**
 * A cursor-paged list for a view: the first page (again on `reload`, e.g. after a search), the
 * next on `loadMore`, its loading and error states. An answer to a request that a newer one
 * replaced is dropped, so fast typing in a search box cannot show stale rows.
 */
export class PagedList<T> implements ReactiveController {
  items: T[] = [];
  state: ListState = "loading";
  error = "";
  private cursor: string | null = null;
  private request = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly fetchPage: (cursor?: string) => Promise<ListPage<T>>,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  get hasMore(): boolean {
    return this.cursor !== null;
  }

  async reload(): Promise<void> {
    this.items = [];
    this.cursor = null;
    await this.load("loading");
  }

  async loadMore(): Promise<void> {
    if (this.cursor && (this.state === "ready" || this.state === "error"))
      await this.load("more", this.cursor);
  }

  /** Replaces one item in place (after an action changed it). */
  replace(match: (item: T) => boolean, next: T): void {
    this.items = this.items.map((item) => (match(item) ? next : item));
    this.host.requestUpdate();
  }

  remove(match: (item: T) => boolean): void {
    this.items = this.items.filter((item) => !match(item));
    this.host.requestUpdate();
  }

  private async load(state: ListState, cursor?: string): Promise<void> {
    const request = ++this.request;
    this.state = state;
    this.error = "";
    this.host.requestUpdate();
    try {
      const page = await this.fetchPage(cursor);
      if (request !== this.request) return;
      this.items = cursor ? [...this.items, ...page.data] : page.data;
      this.cursor = page.next_cursor;
      this.state = "ready";
    } catch (error) {
      if (request !== this.request) return;
      this.error = errorMessage(error);
      this.state = "error";
    }
    this.host.requestUpdate();
  }
}
