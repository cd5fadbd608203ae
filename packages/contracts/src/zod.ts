// zod, extended once with `.openapi()` metadata so every schema can feed the OpenAPI documents.
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

extendZodWithOpenApi(z);

export { z };
