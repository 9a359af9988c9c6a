import { useQuery, useQueryClient } from '@tanstack/react-query';
import { History, KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { queryKeys } from '../api/query-keys.js';
import type { Webhook } from '../api/types.js';
import { EmptyState } from '../empty-states/index.js';
import { useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role } from '../roles.js';
import { Button } from '../ui/button.js';
import { LoadFailed } from '../ui/load-failed.js';
import { ConfirmDeleteDialog } from '../ui/confirm-delete-dialog.js';
import { Icon } from '../ui/icon.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { useNotify } from '../ui/toasts.js';
import { screensCss } from './screens.css.js';
import { SettingsGuard } from './settings-layout.js';
import { WebhookDeliveriesDialog } from './webhooks/webhook-deliveries-dialog.js';
import { WEBHOOK_EVENT_LABELS, WebhookFormDialog } from './webhooks/webhook-form-dialog.js';
import { SecretDialog } from '../ui/secret-dialog.js';
import { webhooksCss } from './webhooks/webhooks.css.js';

/**
 * Settings, Webhooks (admins): the workspace's webhooks with their address, events and an on/off
 * switch; add one (its signing secret is shown once, with Copy), edit, make a new secret, delete
 * after confirming, and read each one's recent deliveries. Without any, the spec's empty state,
 * whose button adds the first.
 */
export function SettingsWebhooksScreen() {
  useStyles('app-screens', screensCss);
  useStyles('app-webhooks', webhooksCss);
  const slug = useWorkspaceSlug();
  const workspace = useWorkspace(slug);
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const isAdmin = can(workspace.data?.role, Role.Admin);
  const hooks = useQuery({ queryKey: queryKeys.webhooks(slug), queryFn: () => api.webhooks.list(slug), enabled: isAdmin });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [viewing, setViewing] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(slug) });
  const failed = (error: unknown) => notify({ type: 'error', message: errorMessage(error) });

  const toggle = async (hook: Webhook, isActive: boolean) => {
    try {
      await api.webhooks.update(slug, hook.id, { is_active: isActive });
      await refresh();
      notify({ type: 'success', message: isActive ? 'Webhook turned on.' : 'Webhook turned off.' });
    } catch (error) {
      failed(error);
    }
  };
  const rotate = async (hook: Webhook) => {
    try {
      setSecret((await api.webhooks.rotateSecret(slug, hook.id)).secret);
    } catch (error) {
      failed(error);
    }
  };

  const body = () => {
    if (hooks.isPending) return <Spinner label="Loading webhooks…" />;
    if (hooks.isError) {
      return <LoadFailed error={hooks.error} retry={() => void hooks.refetch()} />;
    }
    if (!hooks.data.length) return <EmptyState type="settings-webhooks" role={workspace.data?.role} onAction={() => setCreating(true)} />;
    return (
      <>
        <div className="app-webhook-toolbar">
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Icon icon={Plus} />
            Add webhook
          </Button>
        </div>
        <ul className="app-issue-list" aria-label="Webhooks">
          {hooks.data.map((hook) => (
            <li key={hook.id} className="app-issue-row app-webhook-row">
              <span className="app-webhook-url">{hook.url}</span>
              <span className="app-webhook-events">{hook.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}</span>
              <label className="app-webhook-switch">
                <input type="checkbox" role="switch" checked={hook.is_active} aria-label={`Active: ${hook.url}`} onChange={(event) => void toggle(hook, event.target.checked)} />
                <span aria-hidden="true">{hook.is_active ? 'On' : 'Off'}</span>
              </label>
              <span className="app-webhook-actions">
                <Button variant="ghost" size="small" aria-label={`Deliveries of ${hook.url}`} onClick={() => setViewing(hook)}>
                  <Icon icon={History} />
                </Button>
                <Button variant="ghost" size="small" aria-label={`Edit ${hook.url}`} onClick={() => setEditing(hook)}>
                  <Icon icon={Pencil} />
                </Button>
                <Button variant="ghost" size="small" aria-label={`New secret for ${hook.url}`} onClick={() => void rotate(hook)}>
                  <Icon icon={KeyRound} />
                </Button>
                <Button variant="ghost" size="small" aria-label={`Delete ${hook.url}`} onClick={() => setDeleting(hook)}>
                  <Icon icon={Trash2} />
                </Button>
              </span>
            </li>
          ))}
        </ul>
        <p className="app-webhook-note">Each delivery is a JSON POST signed with the webhook’s secret (X-Signature-256). A failed delivery is tried again, waiting longer each time.</p>
      </>
    );
  };

  return (
    <SettingsGuard page="webhooks">
      {body()}
      <WebhookFormDialog
        open={creating}
        onOpenChange={setCreating}
        title="Add webhook"
        submitLabel="Add webhook"
        onSubmit={async (values) => {
          const created = await api.webhooks.create(slug, values);
          await refresh();
          setSecret(created.secret);
        }}
      />
      {editing ? (
        <WebhookFormDialog
          key={editing.id}
          open
          onOpenChange={(open) => void (open || setEditing(null))}
          title="Edit webhook"
          submitLabel="Save webhook"
          initial={{ url: editing.url, events: [...editing.events], is_active: editing.is_active }}
          onSubmit={async (values) => {
            await api.webhooks.update(slug, editing.id, values);
            await refresh();
            notify({ type: 'success', message: 'Webhook saved.' });
          }}
        />
      ) : null}
      <SecretDialog
        secret={secret}
        onClose={() => setSecret(null)}
        title="Webhook secret"
        description="Copy this secret now: it is not shown again. Your receiver checks each delivery's X-Signature-256 header with it."
        label="Signing secret"
      />
      <WebhookDeliveriesDialog slug={slug} webhook={viewing} onClose={() => setViewing(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => void (open || setDeleting(null))}
        title="Delete webhook"
        description={deleting ? `The webhook to ${deleting.url} and its delivery log will be deleted. This cannot be undone.` : ''}
        onDelete={async () => {
          await api.webhooks.remove(slug, deleting!.id);
          await refresh();
          notify({ type: 'success', message: 'Webhook deleted.' });
          setDeleting(null);
        }}
      />
    </SettingsGuard>
  );
}
