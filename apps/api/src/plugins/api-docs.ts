import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/** The OpenAPI document generated from the routes' zod schemas, browsable at /api/docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Storefront API",
        version: "1.0.0",
        description:
          "The API of the restaurant storefront (SPEC §7). Prices are DKK numbers; errors are `{ errors: [{ code, message }] }`.",
      },
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    // Without the top bar: its Swagger logo is an inline SVG with a <style> element, which the docs' CSP
    // (style-src 'self', plugins/security-headers.ts) refuses. The operations are all there.
    uiConfig: { layout: "BaseLayout" },
  });
}
