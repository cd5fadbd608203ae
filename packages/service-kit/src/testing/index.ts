export { spawnService, type SpawnedService } from "./spawn-service.ts";
