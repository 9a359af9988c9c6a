// A webhook's events and limits as plain values, so the app can list them without the shapes' TypeBox code.

/** The kinds of change a webhook can be told about, in the order the app lists them. */
export const WEBHOOK_EVENTS = ['issue', 'comment', 'cycle', 'module', 'page'] as const;

/** One kind of change a webhook can be told about. */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What happened to the thing an event is about. */
export const WEBHOOK_ACTIONS = ['created', 'updated', 'deleted'] as const;

/** What happened to the thing an event is about. */
export type WebhookAction = (typeof WEBHOOK_ACTIONS)[number];

/** Where a delivery stands: waiting (a first try or a retry), being sent, delivered, or failed for good. */
export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'processing', 'delivered', 'failed'] as const;

/** Where a delivery stands. */
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The longest webhook address accepted. */
export const WEBHOOK_URL_MAX = 2048;
