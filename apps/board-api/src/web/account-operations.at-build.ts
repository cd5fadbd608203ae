// The route (method, path) of each unpublished /api/v1 account operation (connected apps), taken
// from its registry when the page is built: @org/web-build bundles this module's value as JSON,
// never the registry itself.
import { boardAccountOperations } from "@org/contracts";
import { routesOf } from "@org/web-kit/operation-client";

export default routesOf(boardAccountOperations);
