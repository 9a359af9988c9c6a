import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Unplug } from 'lucide-react';
import { useState } from 'react';
import type { Integration } from '../../../api-shapes/integration.js';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Project } from '../../api/types.js';
import { EmptyState } from '../../empty-states/index.js';
import { can, Role } from '../../roles.js';
import { Button } from '../../ui/button.js';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog.js';
import { CopyField } from '../../ui/copy-field.js';
import { Icon } from '../../ui/icon.js';
import { Note } from '../../ui/note.js';
import { SecretDialog } from '../../ui/secret-dialog.js';
import { Spinner } from '../../ui/spinner.js';
import { useNotify } from '../../ui/toasts.js';
import { absoluteTime } from '../../widgets/activity-feed/relative-time.js';

/** The words of the section. */
export const INTEGRATION_WORDS = {
  secretTitle: 'GitHub webhook secret',
  secretDescription: 'Copy this secret now: it is not shown again. Paste it into the Secret field of the repository’s webhook.',
  connected: 'GitHub connected. Add the webhook to your repository with the address and secret shown.',
  renewTitle: 'Renew the secret',
  renewDescription: 'Renew the webhook’s secret? Events signed with the current one are refused until the repository’s webhook has the new one.',
  disconnectTitle: 'Disconnect GitHub',
  disconnectDescription: 'Disconnect GitHub from this project? Its pull requests and commits stop linking and moving issues; the links and changes already made stay.',
  disconnected: 'GitHub disconnected.',
  noEvent: 'No event has come from GitHub yet.',
} as const;

/**
 * A project's integrations (project settings). Without one, the empty state, whose Connect GitHub
 * project admins use. Connected: how to set the repository's webhook (its address to copy, the
 * secret shown once when connected or renewed), the last event and what came of it; admins renew
 * the secret and disconnect, each after asking. Viewers and members see it without the address or
 * the buttons; guests are told who sees it.
 */
export function ProjectIntegrations({ slug, project }: { slug: string; project: Project }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const isAdmin = can(project.role, Role.Admin);
  const key = queryKeys.projectIntegrations(slug, project.id);
  const mayRead = can(project.role, Role.Viewer);
  const integrations = useQuery({ queryKey: key, queryFn: () => api.integrations.list(slug, project.id), enabled: mayRead });
  const [secret, setSecret] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const connect = async () => {
    setConnecting(true);
    try {
      const created = await api.integrations.connectGitHub(slug, project.id);
      await refresh();
      setSecret(created.secret);
      notify({ type: 'success', message: INTEGRATION_WORDS.connected });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
    } finally {
      setConnecting(false);
    }
  };

  let body;
  if (!mayRead) body = <Note>The project’s viewers, members and admins see what it is connected to.</Note>;
  else if (integrations.isPending || connecting) body = <Spinner label={connecting ? 'Connecting GitHub…' : 'Loading integrations…'} />;
  else if (integrations.isError) body = <p role="alert">{integrations.error.message}</p>;
  else if (!integrations.data.length) {
    body = <EmptyState type="project-settings-integrations" role={project.role} headingLevel={3} onAction={(action) => void (action === 'connect-github' && connect())} />;
  } else {
    body = integrations.data.map((integration) => (
      <GitHubConnection key={integration.id} slug={slug} projectId={project.id} integration={integration} isAdmin={isAdmin} onSecret={setSecret} refresh={refresh} />
    ));
  }

  return (
    <section aria-labelledby="project-integrations">
      <h2 id="project-integrations">Integrations</h2>
      {body}
      <SecretDialog
        secret={secret}
        onClose={() => setSecret(null)}
        title={INTEGRATION_WORDS.secretTitle}
        description={INTEGRATION_WORDS.secretDescription}
        label="Webhook secret"
      />
    </section>
  );
}

interface ConnectionProps {
  slug: string;
  projectId: string;
  integration: Integration;
  isAdmin: boolean;
  onSecret(secret: string): void;
  refresh(): Promise<unknown>;
}

function GitHubConnection({ slug, projectId, integration, isAdmin, onSecret, refresh }: ConnectionProps) {
  const api = useApi();
  const notify = useNotify();
  const [asking, setAsking] = useState<'renew' | 'disconnect' | null>(null);
  const renew = async () => {
    const renewed = await api.integrations.renewSecret(slug, projectId, integration.id);
    setAsking(null);
    onSecret(renewed.secret);
  };
  const disconnect = async () => {
    await api.integrations.disconnect(slug, projectId, integration.id);
    setAsking(null);
    notify({ type: 'success', message: INTEGRATION_WORDS.disconnected });
    await refresh();
  };
  return (
    <div className="app-integration">
      <h3>GitHub</h3>
      <p>
        Pull requests that name an issue by its key (in the title, the branch or the description) link to it; opening one moves the issue to the first started
        state, merging it to the first completed state. Pushed commits whose message names an issue link to it too. Connected by {integration.created_by ?? 'someone who left'} on{' '}
        <time dateTime={integration.created_at}>{absoluteTime(integration.created_at)}</time>.
      </p>
      {isAdmin ? (
        <>
          <p>
            In the repository’s Settings, Webhooks, add a webhook with this payload URL, the content type application/json, the secret shown when it was connected
            or renewed, and the Pull requests and Pushes events.
          </p>
          <CopyField label="Payload URL" value={integration.webhook_url} copied="Payload URL copied to the clipboard." copyFailed="The address could not be copied: select it and copy it yourself." />
        </>
      ) : null}
      <p className="app-integration-last">
        {integration.last_delivery_at ? (
          <>
            Last event <time dateTime={integration.last_delivery_at}>{absoluteTime(integration.last_delivery_at)}</time>: {integration.last_delivery_result}
          </>
        ) : (
          INTEGRATION_WORDS.noEvent
        )}
      </p>
      {isAdmin ? (
        <div className="app-table-actions">
          <Button onClick={() => setAsking('renew')}>
            <Icon icon={KeyRound} />
            Renew secret
          </Button>
          <Button variant="danger" onClick={() => setAsking('disconnect')}>
            <Icon icon={Unplug} />
            Disconnect
          </Button>
          <ConfirmDeleteDialog
            open={asking === 'renew'}
            onOpenChange={(open) => setAsking(open ? 'renew' : null)}
            title={INTEGRATION_WORDS.renewTitle}
            description={INTEGRATION_WORDS.renewDescription}
            confirmLabel="Renew secret"
            confirmIcon={KeyRound}
            onDelete={renew}
          />
          <ConfirmDeleteDialog
            open={asking === 'disconnect'}
            onOpenChange={(open) => setAsking(open ? 'disconnect' : null)}
            title={INTEGRATION_WORDS.disconnectTitle}
            description={INTEGRATION_WORDS.disconnectDescription}
            confirmLabel="Disconnect"
            confirmIcon={Unplug}
            onDelete={disconnect}
          />
        </div>
      ) : null}
    </div>
  );
}
