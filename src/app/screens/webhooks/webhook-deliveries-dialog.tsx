import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Webhook, WebhookDelivery } from '../../api/types.js';
import { Button } from '../../ui/button.js';
import { LoadFailed } from '../../ui/load-failed.js';
import { AppDialog, DialogClose } from '../../ui/dialog.js';
import { Spinner } from '../../ui/spinner.js';
import { useNotify } from '../../ui/toasts.js';
import { WEBHOOK_EVENT_LABELS } from './webhook-form-dialog.js';
import { DELIVERY_STATUS_TEXT, WEBHOOK_WORDS } from './webhook-words.js';

const waiting = (deliveries: readonly WebhookDelivery[] | undefined) => !!deliveries?.some((delivery) => delivery.status === 'queued' || delivery.status === 'processing');

/** A moment as the log shows it (the reader's locale and time zone). */
const moment = (iso: string) => new Date(iso).toLocaleString();

/** Props of {@link WebhookDeliveriesDialog}. */
export interface WebhookDeliveriesDialogProps {
  slug: string;
  /** The webhook whose log is open, null when closed. */
  webhook: Webhook | null;
  onClose(): void;
}

/**
 * A webhook's recent deliveries: event, status (with, for one waiting, when it is tried next), the
 * receiver's answer, tries and time, newest first; looked at again while some are on their way.
 * A delivered or failed one can be sent again while the webhook is on.
 */
export function WebhookDeliveriesDialog({ slug, webhook, onClose }: WebhookDeliveriesDialogProps) {
  return (
    <AppDialog open={webhook !== null} onOpenChange={(open) => void (open || onClose())} title={WEBHOOK_WORDS.deliveriesTitle} description={webhook?.url ?? ''} size="large">
      {webhook ? <DeliveryLog slug={slug} webhook={webhook} /> : null}
      <div className="app-dialog-actions">
        <DialogClose asChild>
          <Button>{WEBHOOK_WORDS.close}</Button>
        </DialogClose>
      </div>
    </AppDialog>
  );
}

function DeliveryLog({ slug, webhook }: { slug: string; webhook: Webhook }) {
  const api = useApi();
  const log = useQuery({
    queryKey: queryKeys.webhookDeliveries(slug, webhook.id),
    queryFn: () => api.webhooks.deliveries(slug, webhook.id),
    // Deliveries are sent by the server in the background: look again while some are on their way.
    refetchInterval: (query) => (waiting(query.state.data) ? 2000 : false),
  });
  const notify = useNotify();
  const [sending, setSending] = useState<string | null>(null);
  // A delivered or failed one goes out again as it was; the log then shows it waiting, and looks again until it is sent.
  const sendAgain = async (delivery: WebhookDelivery) => {
    setSending(delivery.id);
    try {
      await api.webhooks.redeliver(slug, webhook.id, delivery.id);
      notify({ type: 'success', message: WEBHOOK_WORDS.sentAgain });
      await log.refetch();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
    } finally {
      setSending(null);
    }
  };
  if (log.isPending) return <Spinner label={WEBHOOK_WORDS.loadingDeliveries} />;
  if (log.isError) {
    return <LoadFailed error={log.error} retry={() => void log.refetch()} />;
  }
  const { columns } = WEBHOOK_WORDS;
  return (
    <>
      <p>
        <Button size="small" busy={log.isFetching} onClick={() => void log.refetch()}>
          {WEBHOOK_WORDS.refresh}
        </Button>
      </p>
      {log.data.length === 0 ? (
        <p>{WEBHOOK_WORDS.noDeliveries}</p>
      ) : (
        <div className="app-table-scroll" tabIndex={0} role="region" aria-label={WEBHOOK_WORDS.deliveries}>
          <table className="app-table">
            <thead>
              <tr>
                <th scope="col">{columns.event}</th>
                <th scope="col">{columns.status}</th>
                <th scope="col">{columns.response}</th>
                <th scope="col">{columns.attempts}</th>
                <th scope="col">{columns.time}</th>
                <th scope="col">
                  <span className="app-visually-hidden">{WEBHOOK_WORDS.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((delivery) => (
                <tr key={delivery.id} data-delivery-status={delivery.status}>
                  <td>
                    {WEBHOOK_EVENT_LABELS[delivery.event]} {delivery.action}
                  </td>
                  <td>
                    {DELIVERY_STATUS_TEXT[delivery.status]}
                    {delivery.last_error ? <div className="app-webhook-error">{delivery.last_error}</div> : null}
                    {/* The server gives the next try only for a delivery still waiting. */}
                    {delivery.status === 'queued' && delivery.next_attempt_at ? (
                      <div className="app-webhook-next-try">
                        <time dateTime={delivery.next_attempt_at}>{WEBHOOK_WORDS.nextTry(moment(delivery.next_attempt_at))}</time>
                      </div>
                    ) : null}
                  </td>
                  <td>{delivery.response_status ?? '—'}</td>
                  <td>{delivery.attempts}</td>
                  <td>
                    <time dateTime={delivery.last_attempt_at ?? delivery.created_at}>{moment(delivery.last_attempt_at ?? delivery.created_at)}</time>
                  </td>
                  <td>
                    {webhook.is_active && (delivery.status === 'delivered' || delivery.status === 'failed') ? (
                      <Button
                        size="small"
                        busy={sending === delivery.id}
                        aria-label={WEBHOOK_WORDS.sendAgainLabel(`${WEBHOOK_EVENT_LABELS[delivery.event]} ${delivery.action}`, moment(delivery.last_attempt_at ?? delivery.created_at))}
                        onClick={() => void sendAgain(delivery)}
                      >
                        {WEBHOOK_WORDS.sendAgain}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
