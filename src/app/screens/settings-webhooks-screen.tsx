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
import { WEBHOOK_WORDS } from './webhooks/webhook-words.js';

/**
 * Settings, Webhooks (admins): the workspace's webhooks with their address, events and an on/off
 * switch; add one (its signing secret is shown once, with Copy), edit, make a new secret (after
 * confirming: the receiver must be given it), delete after confirming, and read each one's recent
 * deliveries. Without any, the spec's empty state, whose button adds the first.
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
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(slug) });
  const failed = (error: unknown) => notify({ type: 'error', message: errorMessage(error) });

  const toggle = async (hook: Webhook, isActive: boolean) => {
    try {
      await api.webhooks.update(slug, hook.id, { is_active: isActive });
      await refresh();
      notify({ type: 'success', message: isActive ? WEBHOOK_WORDS.turnedOn : WEBHOOK_WORDS.turnedOff });
    } catch (error) {
      failed(error);
    }
  };
  // Asked first (ConfirmDeleteDialog shows a refusal): the old secret stops working at once.
  const rotate = async (hook: Webhook) => {
    const { secret: made } = await api.webhooks.rotateSecret(slug, hook.id);
    setRotating(null);
    setSecret(made);
  };

  const body = () => {
    if (hooks.isPending) return <Spinner label={WEBHOOK_WORDS.loading} />;
    if (hooks.isError) {
      return <LoadFailed error={hooks.error} retry={() => void hooks.refetch()} />;
    }
    if (!hooks.data.length) return <EmptyState type="settings-webhooks" role={workspace.data?.role} onAction={() => setCreating(true)} />;
    return (
      <>
        <div className="app-webhook-toolbar">
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Icon icon={Plus} />
            {WEBHOOK_WORDS.add}
          </Button>
        </div>
        <ul className="app-issue-list" aria-label={WEBHOOK_WORDS.list}>
          {hooks.data.map((hook) => (
            <li key={hook.id} className="app-issue-row app-webhook-row">
              <span className="app-webhook-url">{hook.url}</span>
              <span className="app-webhook-events">{hook.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}</span>
              <label className="app-webhook-switch">
                <input type="checkbox" role="switch" checked={hook.is_active} aria-label={WEBHOOK_WORDS.active(hook.url)} onChange={(event) => void toggle(hook, event.target.checked)} />
                <span aria-hidden="true">{hook.is_active ? WEBHOOK_WORDS.on : WEBHOOK_WORDS.off}</span>
              </label>
              <span className="app-webhook-actions">
                <Button variant="ghost" size="small" aria-label={WEBHOOK_WORDS.deliveriesOf(hook.url)} onClick={() => setViewing(hook)}>
                  <Icon icon={History} />
                </Button>
                <Button variant="ghost" size="small" aria-label={WEBHOOK_WORDS.edit(hook.url)} onClick={() => setEditing(hook)}>
                  <Icon icon={Pencil} />
                </Button>
                <Button variant="ghost" size="small" aria-label={WEBHOOK_WORDS.newSecretFor(hook.url)} onClick={() => setRotating(hook)}>
                  <Icon icon={KeyRound} />
                </Button>
                <Button variant="ghost" size="small" aria-label={WEBHOOK_WORDS.remove(hook.url)} onClick={() => setDeleting(hook)}>
                  <Icon icon={Trash2} />
                </Button>
              </span>
            </li>
          ))}
        </ul>
        <p className="app-webhook-note">{WEBHOOK_WORDS.note}</p>
      </>
    );
  };

  return (
    <SettingsGuard page="webhooks">
      {body()}
      <WebhookFormDialog
        open={creating}
        onOpenChange={setCreating}
        title={WEBHOOK_WORDS.addTitle}
        submitLabel={WEBHOOK_WORDS.add}
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
          title={WEBHOOK_WORDS.editTitle}
          submitLabel={WEBHOOK_WORDS.save}
          initial={{ url: editing.url, events: [...editing.events], is_active: editing.is_active }}
          onSubmit={async (values) => {
            await api.webhooks.update(slug, editing.id, values);
            await refresh();
            notify({ type: 'success', message: WEBHOOK_WORDS.saved });
          }}
        />
      ) : null}
      <SecretDialog
        secret={secret}
        onClose={() => setSecret(null)}
        title={WEBHOOK_WORDS.secretTitle}
        description={WEBHOOK_WORDS.secretDescription}
        label={WEBHOOK_WORDS.secretLabel}
      />
      <ConfirmDeleteDialog
        open={rotating !== null}
        onOpenChange={(open) => void (open || setRotating(null))}
        title={WEBHOOK_WORDS.rotateTitle}
        description={rotating ? WEBHOOK_WORDS.rotateDescription(rotating.url) : ''}
        confirmLabel={WEBHOOK_WORDS.rotateConfirm}
        confirmIcon={KeyRound}
        onDelete={() => rotate(rotating!)}
      />
      <WebhookDeliveriesDialog slug={slug} webhook={viewing} onClose={() => setViewing(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => void (open || setDeleting(null))}
        title={WEBHOOK_WORDS.deleteTitle}
        description={deleting ? WEBHOOK_WORDS.deleteDescription(deleting.url) : ''}
        onDelete={async () => {
          await api.webhooks.remove(slug, deleting!.id);
          await refresh();
          notify({ type: 'success', message: WEBHOOK_WORDS.deleted });
          setDeleting(null);
        }}
      />
    </SettingsGuard>
  );
}
