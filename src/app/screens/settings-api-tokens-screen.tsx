import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useApi } from '../api/api-context.js';
import { queryKeys } from '../api/query-keys.js';
import type { ApiToken, MemberApiToken } from '../api/types.js';
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
import { apiTokensCss } from './api-tokens/api-tokens.css.js';
import { CreateApiTokenDialog } from './api-tokens/create-api-token-dialog.js';
import { ACCESS_IS_FIXED, accessText } from './api-tokens/token-access.js';
import { expiryText, lastUsedText, shownDay } from './api-tokens/token-expiry.js';
import { screensCss } from './screens.css.js';
import { SettingsGuard } from './settings-layout.js';
import { isolated } from '../ui/bidi.js';

/** Whose token it is, when it is another member's. */
const ownerOf = (token: ApiToken | MemberApiToken) => ('owner' in token ? token.owner.display_name : null);

function TokenRow({ token, now, onRevoke }: { token: ApiToken | MemberApiToken; now: Date; onRevoke(): void }) {
  const expired = token.expires_at !== null && Date.parse(token.expires_at) <= now.getTime();
  const owner = ownerOf(token);
  return (
    <li className="app-issue-row app-token-row">
      <span className="app-token-name">
        <span className="app-token-label">{token.label}</span>
        {owner ? <span className="app-token-owner">{owner}</span> : null}
        <span className="app-token-prefix">{`${token.token_prefix}…`}</span>
      </span>
      <dl className="app-token-meta">
        <div>
          <dt>Access</dt>
          <dd>{accessText(token.access)}</dd>
        </div>
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
      <Button size="small" aria-label={owner ? `Revoke ${token.label} of ${owner}` : `Revoke ${token.label}`} onClick={onRevoke}>
        Revoke
      </Button>
    </li>
  );
}

/**
 * Settings, API tokens (admins, as the settings menu says): the signed-in person's own tokens in
 * this workspace, with each one's access (never raised later: a new token is made instead) and
 * when it was made, expires and was last used; "Create token" makes one and shows its secret once;
 * Revoke asks first. Without any, the spec's empty state, whose button opens the same dialog.
 * Below, the tokens other members made through the API, with their owners, which the admin may
 * revoke the same way.
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
  const admin = can(workspace.data?.role, Role.Admin);
  const tokens = useQuery({ queryKey: key, queryFn: () => api.apiTokens.list(slug), enabled: admin });
  const memberTokens = useQuery({ queryKey: queryKeys.memberApiTokens(slug), queryFn: () => api.apiTokens.members(slug), enabled: admin });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | MemberApiToken | null>(null);
  // The members' list is under the same key: one refresh reads both.
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const revokingOwner = revoking ? ownerOf(revoking) : null;

  const body = () => {
    if (tokens.isPending) return <Spinner label="Loading API tokens…" />;
    if (tokens.isError) {
      return <LoadFailed error={tokens.error} retry={() => void tokens.refetch()} />;
    }
    if (!tokens.data.length) return <EmptyState type="settings-api-tokens" role={workspace.data?.role} onAction={() => setCreating(true)} />;
    const now = new Date();
    return (
      <>
        <div className="app-tokens-intro">
          <p>
            Programs send a token as <code>Authorization: Bearer …</code> and act as you, with your role in this workspace: reading only, or
            changing things too, as the token’s access says. {ACCESS_IS_FIXED}
          </p>
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

  const members = () => {
    if (memberTokens.isError) {
      return <LoadFailed error={memberTokens.error} retry={() => void memberTokens.refetch()} />;
    }
    if (!memberTokens.data?.length) return null;
    const now = new Date();
    return (
      <section aria-labelledby="member-api-tokens" className="app-member-tokens">
        <h2 id="member-api-tokens">Members’ tokens</h2>
        <p className="app-tokens-note">Tokens other members made for their programs. Revoking one refuses those programs at once.</p>
        <ul className="app-issue-list" aria-labelledby="member-api-tokens">
          {memberTokens.data.map((token) => (
            <TokenRow key={token.id} token={token} now={now} onRevoke={() => setRevoking(token)} />
          ))}
        </ul>
      </section>
    );
  };

  return (
    <SettingsGuard page="api-tokens">
      <div ref={section}>
        {body()}
        {members()}
      </div>
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
        description={
          revoking ? `Programs using ${revoking.label}${revokingOwner ? ` (${revokingOwner}’s token)` : ''} will be refused from now on. This cannot be undone.` : ''
        }
        confirmLabel="Revoke"
        onDelete={async () => {
          await api.apiTokens.revoke(slug, revoking!.id);
          await refresh();
          notify({ type: 'success', message: `API token ${isolated(revoking!.label)} revoked.` });
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
