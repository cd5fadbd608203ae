// The route (method, path) of each /admin/api operation, taken from the registry when the page is
// built: @org/web-build bundles this module's value as JSON, never the registry itself.
import { authAdminOperationMap } from "@org/contracts";
import { routesOf } from "@org/web-kit/operation-client";

export default routesOf(authAdminOperationMap, "/admin/api");
