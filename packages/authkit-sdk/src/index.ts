export { AuthKit } from "./authkit";
export type { AuthKitConfig, ResolvedAuthKitConfig } from "./config";
