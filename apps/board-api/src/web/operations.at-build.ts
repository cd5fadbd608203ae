// The route (method, path) of each /api/v1 operation, taken from the registry when the page is
// built: @org/web-build bundles this module's value as JSON, never the registry itself.
import { boardOperations } from "@org/contracts";
import { routesOf } from "@org/web-kit/operation-client";

export default routesOf(boardOperations);
