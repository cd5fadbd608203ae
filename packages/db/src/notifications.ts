// PostgreSQL LISTEN/NOTIFY between every process on one database (service instances, the admin
// CLI): what lets an instance keep a short-lived cache and still drop an entry the moment another
// process changes what it caches, with or without Redis.
import pg from "pg";

export interface NotificationHandlers {
  /** A NOTIFY on the channel, from any connection to the database (this process's included). */
  message(payload: string): void;
  /** Notifications may have been missed (the listening connection dropped): forget everything. */
  reset(): void;
  /**
   * LISTEN is in effect (again): from now on notifications arrive. What was missed while it was
   * not (before the first, or between a drop and this) is not replayed: check again what matters.
   */
  resumed?(): void;
}

export interface Subscription {
  /** True while notifications arrive; a cache must not answer from its entries otherwise. */
  readonly listening: boolean;
  /** Stops calling these handlers. */
  unsubscribe(): void;
}

/**
 * One dedicated connection per database client (outside its pool) that LISTENs on every channel
 * subscribed to. When it drops, every handler is reset and it reconnects a second later.
 */
export class Listener {
  private client: pg.Client | undefined;
  /** Channels whose LISTEN is in effect on the current connection. */
  private readonly active = new Set<string>();
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private readonly handlers = new Map<string, Set<NotificationHandlers>>();

  constructor(private readonly url: string) {}

  subscribe(channel: string, handlers: NotificationHandlers): Subscription {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      if (this.client) void this.listen(this.client, channel);
    }
    set.add(handlers);
    if (!this.client && !this.closed) void this.connect();
    const active = this.active;
    return {
      get listening() {
        return active.has(channel);
      },
      unsubscribe: () => set.delete(handlers),
    };
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    this.client = client;
    client.on("notification", (message) => {
      for (const handlers of this.handlers.get(message.channel) ?? [])
        handlers.message(message.payload ?? "");
    });
    client.on("error", () => this.drop(client));
    client.on("end", () => this.drop(client));
    try {
      await client.connect();
    } catch {
      this.drop(client);
      return;
    }
    for (const channel of this.handlers.keys()) await this.listen(client, channel);
  }

  private async listen(client: pg.Client, channel: string): Promise<void> {
    try {
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (this.client !== client) return;
      this.active.add(channel);
      for (const handlers of this.handlers.get(channel) ?? []) handlers.resumed?.();
    } catch {
      this.drop(client);
    }
  }

  private drop(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.active.clear();
    for (const set of this.handlers.values()) for (const handlers of set) handlers.reset();
    void client.end().catch(() => undefined);
    if (!this.closed && !this.retry) {
      this.retry = setTimeout(() => {
        this.retry = undefined;
        if (!this.closed && !this.client) void this.connect();
      }, 1000);
      this.retry.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.active.clear();
    await client?.end().catch(() => undefined);
  }
}
