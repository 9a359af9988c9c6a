import { Type, type Static } from 'typebox';
import { boolean, integer, nullable, nullableTimestamp, string, stringEnum, text, timestamp, uuid } from './fields.js';
import { WEBHOOK_ACTIONS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from './webhook-events.js';

export * from './webhook-events.js';

// A webhook: an address a workspace admin registers to be told, by a signed JSON POST, when
// issues, comments, cycles, modules or pages of the workspace change. Shared by the server's
// routes and the app's settings screen.

const webhookUrl = text(WEBHOOK_URL_MAX, 1);
const webhookEvents = Type.Array(stringEnum(WEBHOOK_EVENTS), { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true });

/** POST /workspaces/:slug/webhooks: the address, the events it wants, and whether it is on (default on). */
export const webhookCreateBody = Type.Object(
  { url: webhookUrl, events: webhookEvents, is_active: Type.Optional(boolean) },
  { additionalProperties: false },
);

/** What registering a webhook sends. */
export type WebhookCreateBody = Static<typeof webhookCreateBody>;

/** PATCH /workspaces/:slug/webhooks/:webhookId: what changed (at least one field). */
export const webhookUpdateBody = Type.Object(
  { url: Type.Optional(webhookUrl), events: Type.Optional(webhookEvents), is_active: Type.Optional(boolean) },
  { additionalProperties: false, minProperties: 1 },
);

/** What changing a webhook sends. */
export type WebhookUpdateBody = Static<typeof webhookUpdateBody>;

/** A webhook as admins read it (never with its secret). */
export const webhookShape = Type.Object({
  id: uuid,
  url: string,
  events: Type.Array(stringEnum(WEBHOOK_EVENTS)),
  is_active: boolean,
  created_at: timestamp,
  updated_at: timestamp,
});

/** A webhook as admins read it. */
export type Webhook = Static<typeof webhookShape>;

/** A webhook just registered, or its secret just replaced: the only answers that hold the signing secret. */
export const webhookWithSecretShape = Type.Object({ ...webhookShape.properties, secret: string });

/** A webhook with its signing secret. */
export type WebhookWithSecret = Static<typeof webhookWithSecretShape>;

/** One delivery of one event to one webhook, as its log lists it. */
export const webhookDeliveryShape = Type.Object({
  id: uuid,
  event: stringEnum(WEBHOOK_EVENTS),
  action: stringEnum(WEBHOOK_ACTIONS),
  status: stringEnum(WEBHOOK_DELIVERY_STATUSES),
  /** Tries made so far. */
  attempts: integer,
  /** The receiver's last HTTP status, null when it never answered. */
  response_status: nullable(integer),
  /** Why the last try failed, null when it did not. */
  last_error: nullable(string),
  created_at: timestamp,
  /** When the last try was made. */
  last_attempt_at: nullableTimestamp,
  /** When the next try is due, for a delivery still waiting. */
  next_attempt_at: nullableTimestamp,
});

/** One delivery as its log lists it. */
export type WebhookDelivery = Static<typeof webhookDeliveryShape>;
