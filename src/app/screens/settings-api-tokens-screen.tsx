import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useApi } from '../api/api-context.js';
import { queryKeys } from '../api/query-keys.js';
import type { ApiToken } from '../api/types.js';
import { EmptyState } from '../empty-states/index.js';
import { useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role } from '../roles.js';
import { Button } from '../ui/button.js';
import { ConfirmDeleteDialog } from '../ui/confirm-delete-dialog.js';
import { Icon } from '../ui/icon.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { useNotify } from '../ui/toasts.js';
import { apiTokensCss } from './api-tokens/api-tokens.css.js';
import { CreateApiTokenDialog } from './api-tokens/create-api-token-dialog.js';
import { expiryText, lastUsedText, shownDay } from './api-tokens/token-expiry.js';
import { screensCss } from './screens.css.js';
import { SettingsGuard } from './settings-layout.js';

function TokenRow({ token, now, onRevoke }: { token: ApiToken; now: Date; onRevoke(): void }) {
  const expired = token.expires_at !== null && Date.parse(token.expires_at) <= now.getTime();
  return (
    <li className="app-issue-row app-token-row">
      <span className="app-token-name">
        <span className="app-token-label">{token.label}</span>
        <span className="app-token-prefix">{`${token.token_prefix}…`}</span>
      </span>
      <dl className="app-token-meta">
        <div>
          <dt>Created</dt>
          <dd>{shownDay(token.created_at)}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd data-expired={expired ? '' : undefined}>{expiryText(token.expires_at, now)}</dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd>{lastUsedText(token.last_used_at)}</dd>
        </div>
      </dl>
      <Button size="small" aria-label={`Revoke ${token.label}`} onClick={onRevoke}>
        Revoke
      </Button>
    </li>
  );
}

/**
 * Settings, API tokens (admins, as the settings menu says): the signed-in person's own tokens in
 * this workspace, with when each was made, expires and was last used; "Create token" makes one and
 * shows its secret once; Revoke asks first. Without any, the spec's empty state, whose button
 * opens the same dialog.
 */
export function SettingsApiTokensScreen() {
  useStyles('app-screens', screensCss);
  useStyles('app-api-tokens', apiTokensCss);
  const slug = useWorkspaceSlug();
  const workspace = useWorkspace(slug);
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const section = useRef<HTMLDivElement>(null);
  const key = queryKeys.apiTokens(slug);
  const tokens = useQuery({ queryKey: key, queryFn: () => api.apiTokens.list(slug), enabled: can(workspace.data?.role, Role.Admin) });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const body = () => {
    if (tokens.isPending) return <Spinner label="Loading API tokens…" />;
    if (tokens.isError) {
      return (
        <div role="alert" className="app-inline-form">
          <p>{tokens.error.message}</p>
          <Button onClick={() => void tokens.refetch()}>Try again</Button>
        </div>
      );
    }
    if (!tokens.data.length) return <EmptyState type="settings-api-tokens" role={workspace.data?.role} onAction={() => setCreating(true)} />;
    const now = new Date();
    return (
      <>
        <div className="app-tokens-intro">
          <p>Programs send a token as <code>Authorization: Bearer …</code> and act as you, with your role in this workspace.</p>
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Icon icon={Plus} />
            Create token
          </Button>
        </div>
        <ul className="app-issue-list" aria-label="Your API tokens">
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} now={now} onRevoke={() => setRevoking(token)} />
          ))}
        </ul>
      </>
    );
  };

  return (
    <SettingsGuard page="api-tokens">
      <div ref={section}>{body()}</div>
      {creating ? (
        <CreateApiTokenDialog
          open
          onOpenChange={(open) => void (open || setCreating(false))}
          onCreate={async (input) => {
            const created = await api.apiTokens.create(slug, input);
            await refresh();
            return created;
          }}
        />
      ) : null}
      <ConfirmDeleteDialog
        open={revoking !== null}
        onOpenChange={(open) => void (open || setRevoking(null))}
        title="Revoke API token"
        description={revoking ? `Programs using ${revoking.label} will be refused from now on. This cannot be undone.` : ''}
        confirmLabel="Revoke"
        onDelete={async () => {
          await api.apiTokens.revoke(slug, revoking!.id);
          await refresh();
          notify({ type: 'success', message: `API token ${revoking!.label} revoked.` });
          setRevoking(null);
        }}
        onCloseAutoFocus={(event) => {
          // The revoked token's row is gone with its button: focus goes to the screen's first button instead.
          if (event.defaultPrevented) return;
          const next = section.current?.querySelector<HTMLElement>('button');
          if (!next) return;
          event.preventDefault();
          next.focus({ preventScroll: true });
        }}
      />
    </SettingsGuard>
  );
}
