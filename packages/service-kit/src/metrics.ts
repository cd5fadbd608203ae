import { poolStats, type Db } from "@org/db";
import { Router, type Express, type Request, type RequestHandler, type Response } from "express";
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type HistogramConfiguration,
} from "prom-client";
import type { Server as SocketServer } from "socket.io";

/** Request durations, in seconds: a fast read takes milliseconds, a slow upload seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricsOptions {
  /** Labels every series with `service`. */
  service: string;
  /**
   * Node's process metrics too (CPU, memory, event loop delay, garbage collection): what a
   * running service exports. Off for the many apps a test process builds.
   */
  processMetrics?: boolean;
}

/**
 * One service instance's Prometheus metrics (prom-client, a registry of its own): HTTP requests
 * per route, socket.io connections, the database pool, and what the app adds (`counter`,
 * `histogram`). Served in the text format by `metricsRoute`.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #requests: Counter<"method" | "route" | "status">;
  readonly #durations: Histogram<"method" | "route" | "status">;

  constructor({ service, processMetrics = false }: MetricsOptions) {
    this.registry.setDefaultLabels({ service });
    if (processMetrics) collectDefaultMetrics({ register: this.registry });
    this.#requests = this.counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route template and status.",
      labelNames: ["method", "route", "status"],
    });
    this.#durations = this.histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to its response's end, by method, route template and status.",
      labelNames: ["method", "route", "status"],
      buckets: DURATION_BUCKETS,
    });
  }

  counter<L extends string>(config: CounterConfiguration<L>): Counter<L> {
    return new Counter({ ...config, registers: [this.registry] });
  }

  histogram<L extends string>(config: HistogramConfiguration<L>): Histogram<L> {
    return new Histogram({ buckets: DURATION_BUCKETS, ...config, registers: [this.registry] });
  }

  /** `socketio_connections{namespace}`: the clients connected to this instance right now. */
  watchSockets(io: SocketServer): void {
    new Gauge({
      name: "socketio_connections",
      help: "socket.io clients connected to this instance, by namespace.",
      labelNames: ["namespace"],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [name, namespace] of io._nsps) this.set({ namespace: name }, namespace.sockets.size);
      },
    });
  }

  /** `db_pool_connections{state}`: the pool's open, idle and awaited connections, and its size. */
  watchDatabase(db: Db): void {
    new Gauge({
      name: "db_pool_connections",
      help: "Database pool connections: total (open), idle, waiting (queries waiting for one), max (pool size).",
      labelNames: ["state"],
      registers: [this.registry],
      collect() {
        const stats = poolStats(db);
        if (!stats) return;
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });
  }

  /** Counts and times every request by route template (see `routeOf`). */
  measureRequests(app: Express): void {
    rememberRouteTemplates(app);
    const middleware: RequestHandler = (req, res, next) => {
      const stopTimer = this.#durations.startTimer();
      res.once("finish", () => {
        const labels = { method: req.method, route: routeOf(req, res), status: String(res.statusCode) };
        this.#requests.inc(labels);
        stopTimer(labels);
      });
      next();
    };
    app.use(middleware);
  }

  /** The Prometheus text format of every metric. */
  render(): Promise<string> {
    return this.registry.metrics();
  }
}

/**
 * Counts the outcome of the requests it is mounted on in `counter`, with `labels` and `result`:
 * `success` (status below 400) or the error code the service answered (`rate_limited`, …).
 */
export function countOutcomes<L extends string>(
  counter: Counter<L>,
  labels: Omit<Record<L, string>, "result">,
): RequestHandler {
  return (_req, res, next) => {
    res.once("finish", () => {
      counter.inc({ ...labels, result: outcomeOf(res) } as Record<L, string>);
    });
    next();
  };
}

/** A finished response's `result` label: `success` (status below 400) or the error code answered. */
export function outcomeOf(res: Response): string {
  return res.statusCode < 400 ? "success" : String(res.locals.errorCode ?? res.statusCode);
}

const TEMPLATE = Symbol("routeTemplate");
const ROUTE = Symbol("route");
type WithTemplate = Request & { [TEMPLATE]?: string; [ROUTE]?: unknown };

/**
 * The router sets `req.route` when a route matches, while `req.baseUrl` is still the path of the
 * routers it is mounted in (the router restores it afterwards, before the response may end). The
 * template is taken at that moment, with the mount path's parameter values put back to their names.
 */
function rememberRouteTemplates(app: Express): void {
  Object.defineProperty(app.request, "route", {
    configurable: true,
    get(this: WithTemplate) {
      return this[ROUTE];
    },
    set(this: WithTemplate, route: { path?: unknown } | undefined) {
      this[ROUTE] = route;
      if (!route) return;
      const names = new Map(Object.entries(this.params ?? {}).map(([name, value]) => [value, `:${name}`]));
      const base = this.baseUrl
        .split("/")
        .map((segment) => names.get(segment) ?? segment)
        .join("/");
      this[TEMPLATE] = `${base}${matchedPath(route, this.path)}`;
    },
  });
}

interface PathMatcher {
  path: string;
  matches(path: string): boolean;
}
const arrayRoutes = new WeakMap<object, PathMatcher[]>();

/**
 * The path a route was registered with; for a route of several (`get(["/app", "/app/{*path}"])`),
 * the one this request matched (`path` is relative to the route's router), not the list joined
 * with commas. Each is matched as the router matches it: by a router of its own with that path.
 */
function matchedPath(route: { path?: unknown }, path: string): string {
  if (!Array.isArray(route.path)) return String(route.path);
  let matchers = arrayRoutes.get(route);
  if (!matchers) {
    matchers = (route.path.flat(Infinity) as unknown[]).map((registered) => {
      const router = Router();
      router.route(registered as string);
      const layer = router.stack[0] as unknown as { match(path: string): unknown };
      return { path: String(registered), matches: (requested: string) => Boolean(layer.match(requested)) };
    });
    arrayRoutes.set(route, matchers);
  }
  return (matchers.find((matcher) => matcher.matches(path)) ?? matchers[0])?.path ?? String(route.path);
}

/**
 * A bounded label for a request: its route template (`/api/v1/cards/:id`, never the raw path);
 * for an answer that no route gave, the first path segment of a successful one (static files:
 * `/sdk/*`), else `unmatched` (404s and errors of arbitrary paths must not create series).
 */
function routeOf(req: Request, res: Response): string {
  const template = (req as WithTemplate)[TEMPLATE];
  if (template) return template;
  if (res.statusCode < 400) {
    const segment = /^\/[^/?]*/.exec(req.originalUrl)?.[0] ?? "/";
    return segment === "/" ? "/" : `${segment}/*`;
  }
  return "unmatched";
}
