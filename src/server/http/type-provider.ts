import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { Static, StaticDecode, TSchema } from 'typebox';

/**
 * fastify's TypeBox type provider, as @fastify/type-provider-typebox's TypeBoxTypeProvider but
 * with the answer typed as the server holds it before serialising (StaticDecode: timestamps as
 * Dates, which fastify's serialiser writes as ISO 8601). Types only: validation stays with the
 * app's strict ajv (no coercion, unknown fields refused), so every schema means what it says.
 */
export interface ShapeTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? StaticDecode<this['schema']> : unknown;
}

/** `app` with its route options typed from their schemas (bodies, params, answers). */
export function typedRoutes(app: FastifyInstance) {
  return app.withTypeProvider<ShapeTypeProvider>();
}
