// The route (method, path) of each /app operation of the web app, taken from its registry when the
// page is built: @org/web-build bundles this module's value as JSON, never the registry itself.
import { boardWebOperations } from "@org/contracts";
import { routesOf } from "@org/web-kit/operation-client";

export default routesOf(boardWebOperations);
