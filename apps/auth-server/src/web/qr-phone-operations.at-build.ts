// The route (method, path) of each operation the phone page calls (/auth/v1/qr/mobile/…), taken
// from the registry when the page is built: @org/web-build bundles this module's value as JSON.
import { authPublicOperationsByGroup } from "@org/contracts";
import { routesOf } from "@org/web-kit/operation-client";

export default routesOf(authPublicOperationsByGroup.qr, "/auth/v1/qr/mobile");
