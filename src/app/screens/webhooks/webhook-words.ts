import type { WebhookDeliveryStatus } from '../../../api-shapes/webhook-events.js';

/** The words of Settings › Webhooks and its dialogs (one table, as the tests read it). */
export const WEBHOOK_WORDS = {
  loading: 'Loading webhooks…',
  add: 'Add webhook',
  list: 'Webhooks',
  active: (url: string) => `Active: ${url}`,
  on: 'On',
  off: 'Off',
  deliveriesOf: (url: string) => `Deliveries of ${url}`,
  edit: (url: string) => `Edit ${url}`,
  newSecretFor: (url: string) => `New secret for ${url}`,
  remove: (url: string) => `Delete ${url}`,
  note: 'Each delivery is a JSON POST signed with the webhook’s secret (X-Signature-256). A failed delivery is tried again, waiting longer each time.',
  turnedOn: 'Webhook turned on.',
  turnedOff: 'Webhook turned off.',
  addTitle: 'Add webhook',
  editTitle: 'Edit webhook',
  save: 'Save webhook',
  saved: 'Webhook saved.',
  secretTitle: 'Webhook secret',
  secretDescription: 'Copy this secret now: it is not shown again. Your receiver checks each delivery’s X-Signature-256 header with it.',
  secretLabel: 'Signing secret',
  rotateTitle: 'Make a new secret',
  rotateDescription: (url: string) =>
    `From now on every delivery to ${url}, retries included, is signed with the new secret, and the old one stops working. Update your receiver with the new secret, or it will refuse the deliveries.`,
  rotateConfirm: 'Make new secret',
  deleteTitle: 'Delete webhook',
  deleteDescription: (url: string) => `The webhook to ${url} and its delivery log will be deleted. This cannot be undone.`,
  deleted: 'Webhook deleted.',
  deliveriesTitle: 'Recent deliveries',
  loadingDeliveries: 'Loading deliveries…',
  refresh: 'Refresh',
  close: 'Close',
  noDeliveries: 'No deliveries yet. Changes of the chosen kinds will show here.',
  deliveries: 'Deliveries',
  columns: { event: 'Event', status: 'Status', response: 'Response', attempts: 'Attempts', time: 'Time' },
  /** When a waiting delivery is tried again ("Next try Jan 2, 2025, 10:05 AM"). */
  nextTry: (when: string) => `Next try ${when}`,
  actions: 'Actions',
  sendAgain: 'Send again',
  /** The Send again button's name in its row ("Send again: Issue created, Jan 2, 2025, 10:05 AM"). */
  sendAgainLabel: (what: string, when: string) => `Send again: ${what}, ${when}`,
  sentAgain: 'Delivery queued to be sent again.',
} as const;

/** How a delivery's status reads. */
export const DELIVERY_STATUS_TEXT: Record<WebhookDeliveryStatus, string> = {
  queued: 'Waiting',
  processing: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
};
