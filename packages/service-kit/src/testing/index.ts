export { spawnNode, spawnService, type SpawnedService } from "./spawn-service.ts";
export { describeServiceProcess, type Probe, type ServiceProcessOptions } from "./process-lifecycle.ts";
export { pairSockets, tcpProxy, type TcpProxy } from "./tcp-proxy.ts";
export { freePort } from "./free-port.ts";
export { startOwnRedis, type OwnRedis } from "./redis-server.ts";
export * from "./fuzz.ts";
export { metricValue } from "./metrics.ts";
export { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from "./smtp-catcher.ts";
export { describeHealthProbes, type HealthProbeTarget } from "./health-probes.ts";
