import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type PageRoute = string | ((req: IncomingMessage, res: ServerResponse) => void);

export interface PageServer {
  /** `http://localhost:<port>`: a tenant's site, on its own origin. */
  origin: string;
  url(path?: string): string;
  /** Adds or replaces a route (a path to HTML, or a handler). */
  route(path: string, route: PageRoute): void;
  close(): Promise<void>;
}

/**
 * A static site on another localhost port (another origin than the server under test): each path
 * answers its HTML, or runs its handler. Listens on port 0.
 */
export async function servePages(routes: Record<string, PageRoute> = {}): Promise<PageServer> {
  const table = new Map(Object.entries(routes));
  const server = createServer((req, res) => {
    const route = table.get(new URL(req.url ?? "/", "http://localhost").pathname);
    if (route === undefined) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    } else if (typeof route === "string") {
      res
        .writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" })
        .end(route);
    } else {
      route(req, res);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path = "/") => `${origin}${path}`,
    route: (path, route) => void table.set(path, route),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
