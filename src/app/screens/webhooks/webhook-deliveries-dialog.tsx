import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Webhook, WebhookDelivery } from '../../api/types.js';
import { Button } from '../../ui/button.js';
import { LoadFailed } from '../../ui/load-failed.js';
import { AppDialog, DialogClose } from '../../ui/dialog.js';
import { Spinner } from '../../ui/spinner.js';
import { WEBHOOK_EVENT_LABELS } from './webhook-form-dialog.js';

/** How a delivery's status reads. */
const STATUS_TEXT: Record<WebhookDelivery['status'], string> = {
  queued: 'Waiting',
  processing: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
};

const waiting = (deliveries: readonly WebhookDelivery[] | undefined) => !!deliveries?.some((delivery) => delivery.status === 'queued' || delivery.status === 'processing');

/** Props of {@link WebhookDeliveriesDialog}. */
export interface WebhookDeliveriesDialogProps {
  slug: string;
  /** The webhook whose log is open, null when closed. */
  webhook: Webhook | null;
  onClose(): void;
}

/** A webhook's recent deliveries: event, status, the receiver's answer, tries and time, newest first; looked at again while some are on their way. */
export function WebhookDeliveriesDialog({ slug, webhook, onClose }: WebhookDeliveriesDialogProps) {
  return (
    <AppDialog open={webhook !== null} onOpenChange={(open) => void (open || onClose())} title="Recent deliveries" description={webhook?.url ?? ''} size="large">
      {webhook ? <DeliveryLog slug={slug} webhook={webhook} /> : null}
      <div className="app-dialog-actions">
        <DialogClose asChild>
          <Button>Close</Button>
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
  if (log.isPending) return <Spinner label="Loading deliveries…" />;
  if (log.isError) {
    return <LoadFailed error={log.error} retry={() => void log.refetch()} />;
  }
  return (
    <>
      <p>
        <Button size="small" busy={log.isFetching} onClick={() => void log.refetch()}>
          Refresh
        </Button>
      </p>
      {log.data.length === 0 ? (
        <p>No deliveries yet. Changes of the chosen kinds will show here.</p>
      ) : (
        <div className="app-table-scroll" tabIndex={0} role="region" aria-label="Deliveries">
          <table className="app-table">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Response</th>
                <th scope="col">Attempts</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((delivery) => (
                <tr key={delivery.id} data-delivery-status={delivery.status}>
                  <td>
                    {WEBHOOK_EVENT_LABELS[delivery.event]} {delivery.action}
                  </td>
                  <td>
                    {STATUS_TEXT[delivery.status]}
                    {delivery.last_error ? <div className="app-webhook-error">{delivery.last_error}</div> : null}
                  </td>
                  <td>{delivery.response_status ?? '—'}</td>
                  <td>{delivery.attempts}</td>
                  <td>
                    <time dateTime={delivery.last_attempt_at ?? delivery.created_at}>{new Date(delivery.last_attempt_at ?? delivery.created_at).toLocaleString()}</time>
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
