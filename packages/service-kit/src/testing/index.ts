export { spawnService, type SpawnedService } from "./spawn-service.ts";
export { describeServiceProcess } from "./process-lifecycle.ts";
export * from "./fuzz.ts";
export { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from "./smtp-catcher.ts";
