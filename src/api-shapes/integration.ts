import { Type, type Static } from 'typebox';
import { nullable, nullableTimestamp, string, timestamp, uuid } from './fields.js';

/** The services a project connects to. GitHub: its pull requests link and move the issues they name. */
export const INTEGRATION_PROVIDERS = ['github'] as const;

/** A project's connection to a service, as its admins see it (never its secret). */
export const integrationShape = Type.Object({
  id: uuid,
  provider: Type.Unsafe<(typeof INTEGRATION_PROVIDERS)[number]>({ type: 'string', enum: [...INTEGRATION_PROVIDERS] }),
  /** The address the service sends its events to (GitHub's "Payload URL"). */
  webhook_url: string,
  /** Who connected it (null when their account is gone). */
  created_by: nullable(string),
  created_at: timestamp,
  /** When the service last sent an event that was taken, and what came of it. */
  last_delivery_at: nullableTimestamp,
  last_delivery_result: nullable(string),
});

/** A project's connection to a service. */
export type Integration = Static<typeof integrationShape>;

/** A connection just made, or its secret just renewed: the secret, shown this once. */
export const integrationWithSecretShape = Type.Object({ ...integrationShape.properties, secret: string });

/** A connection with its secret, shown once. */
export type IntegrationWithSecret = Static<typeof integrationWithSecretShape>;
