import type { WebhookCreateBody, WebhookUpdateBody } from '../../api-shapes/webhook.js';
import type { ApiClient } from './client.js';
import type { Webhook, WebhookDelivery, WebhookWithSecret } from './types.js';

const webhooksPath = (slug: string, webhookId?: string) => `/workspaces/${encodeURIComponent(slug)}/webhooks${webhookId ? `/${encodeURIComponent(webhookId)}` : ''}`;

/** A workspace's webhooks (admins): list, register (the answer holds the secret), change, delete, a new secret, the delivery log. */
export function webhooksApi(client: ApiClient) {
  return {
    list: (slug: string) => client.request<Webhook[]>('GET', webhooksPath(slug)),
    create: (slug: string, input: WebhookCreateBody) => client.request<WebhookWithSecret>('POST', webhooksPath(slug), { body: input }),
    update: (slug: string, webhookId: string, changes: WebhookUpdateBody) => client.request<Webhook>('PATCH', webhooksPath(slug, webhookId), { body: changes }),
    remove: (slug: string, webhookId: string) => client.request<void>('DELETE', webhooksPath(slug, webhookId)),
    /** Replaces the signing secret; the answer holds the new one (shown once). */
    rotateSecret: (slug: string, webhookId: string) => client.request<WebhookWithSecret>('POST', `${webhooksPath(slug, webhookId)}/secret`),
    deliveries: (slug: string, webhookId: string) => client.request<WebhookDelivery[]>('GET', `${webhooksPath(slug, webhookId)}/deliveries`),
    /** Sends a delivered or failed delivery again, as it was (admins; 409 while it is still being tried, or the webhook is off). */
    redeliver: (slug: string, webhookId: string, deliveryId: string) =>
      client.request<WebhookDelivery>('POST', `${webhooksPath(slug, webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`),
  };
}
