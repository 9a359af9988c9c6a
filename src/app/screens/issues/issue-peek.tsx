import { useQuery } from '@tanstack/react-query';
import { X, PanelRightOpen } from 'lucide-react';
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import type { IssueRow } from '../../api/types.js';
import { AppEditor } from '../../editor/app-editor.js';
import { paths } from '../../router/paths.js';
import { useSearchParamEdits } from '../../router/search-param-edits.js';
import { Avatar } from '../../ui/avatar.js';
import { Icon } from '../../ui/icon.js';
import { LabelChip } from '../../ui/pickers/index.js';
import { Spinner } from '../../ui/spinner.js';
import { useStyles } from '../../ui/styles.js';
import { issuePeekCss } from './issue-peek.css.js';
import { PRIORITY_LABELS, PriorityIcon, StateIcon } from './issue-icons.js';
import { issueKey } from './issue-key.js';
import { TargetDay } from './issue-due.js';

/** The address parameter naming the previewed issue, so a reload or a shared link keeps the preview open. */
export const PEEK_PARAM = 'peek';

interface Peek {
  /** The previewed issue's id, or null. */
  issueId: string | null;
  open(issue: IssueRow): void;
  close(): void;
}

const PeekContext = createContext<Peek | null>(null);

/** The preview's state, kept in the address (`?peek=`): open one issue, close it. */
export function usePeekState(): Peek {
  const [params, edit] = useSearchParamEdits();
  const issueId = params.get(PEEK_PARAM);
  const set = (id: string | null) => edit((updated) => (id ? updated.set(PEEK_PARAM, id) : updated.delete(PEEK_PARAM)));
  return { issueId, open: (issue) => set(issue.id), close: () => set(null) };
}

/** Lets the lists inside offer a preview button on each row. */
export function PeekProvider({ peek, children }: { peek: Peek; children: ReactNode }) {
  return <PeekContext.Provider value={peek}>{children}</PeekContext.Provider>;
}

/** A row's preview button, where a preview is offered (a PeekProvider above); pressed while its issue is shown. */
export function PeekButton({ issue }: { issue: IssueRow }) {
  useStyles('app-issue-peek', issuePeekCss);
  const peek = useContext(PeekContext);
  if (!peek) return null;
  const shown = peek.issueId === issue.id;
  return (
    <button
      type="button"
      className="app-issue-peek-button"
      aria-label={`Preview ${issueKey(issue)}`}
      aria-pressed={shown}
      data-peek-for={issue.id}
      onClick={() => (shown ? peek.close() : peek.open(issue))}
    >
      <Icon icon={PanelRightOpen} size="small" />
    </button>
  );
}

/**
 * The preview of one issue beside the list (over it on a phone): key, title, state, priority,
 * assignees, labels, dates and the description, read-only, with a link to the issue's page. It
 * takes focus as it opens; Escape or Close closes it and gives focus back to the row's button.
 */
export function IssuePeek({ slug, projectId, issueId, onClose }: { slug: string; projectId: string; issueId: string; onClose(): void }) {
  useStyles('app-issue-peek', issuePeekCss);
  const api = useApi();
  const issue = useQuery({ queryKey: queryKeys.issue(slug, projectId, issueId), queryFn: () => api.issues.get(slug, projectId, issueId) });
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  const loaded = issue.isSuccess;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [issueId, loaded]);
  const close = () => {
    onClose();
    // Back to the row's button once the preview is gone (the row stays in the list).
    queueMicrotask(() => document.querySelector<HTMLElement>(`[data-peek-for="${CSS.escape(issueId)}"]`)?.focus());
  };
  const data = issue.data;
  return (
    <aside
      ref={panel}
      className="app-issue-peek"
      aria-label={data ? `Preview of ${data.key}` : 'Issue preview'}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <div className="app-issue-peek-bar">
        <span className="app-issue-key">{data?.key ?? ''}</span>
        {data ? (
          <Link className="app-issue-peek-open" to={paths.issue(slug, projectId, issueId)}>
            Open issue
          </Link>
        ) : null}
        <button type="button" className="app-issue-peek-button" aria-label="Close preview" onClick={close}>
          <Icon icon={X} size="small" />
        </button>
      </div>
      {issue.isPending ? (
        <Spinner label="Loading issue…" />
      ) : issue.isError ? (
        <p role="alert">{issue.error.message}</p>
      ) : (
        <>
          <h2 ref={heading} tabIndex={-1}>
            {issue.data.name}
          </h2>
          <dl>
            <dt>State</dt>
            <dd>
              <StateIcon group={issue.data.state__group} color={issue.data.state__color} decorative />
              {issue.data.state__name ?? 'No state'}
            </dd>
            <dt>Priority</dt>
            <dd>
              <PriorityIcon priority={issue.data.priority} decorative />
              {PRIORITY_LABELS.get(issue.data.priority) ?? issue.data.priority}
            </dd>
            <dt>Assignees</dt>
            <dd>
              {issue.data.assignees.length
                ? issue.data.assignees.map((person) => (
                    <span key={person.id} className="app-issue-peek-person">
                      <Avatar name={person.display_name} src={person.avatar} />
                      {person.display_name}
                    </span>
                  ))
                : 'No one'}
            </dd>
            <dt>Labels</dt>
            <dd>{issue.data.labels.length ? issue.data.labels.map((label) => <LabelChip key={label.id} name={label.name} color={label.color} />) : 'None'}</dd>
            {issue.data.target_date ? (
              <>
                <dt>Target date</dt>
                <dd>
                  <TargetDay issue={issue.data} named={false} />
                </dd>
              </>
            ) : null}
          </dl>
          <AppEditor value={issue.data.description_html} readOnly aria-label={`Description of ${issue.data.key}`} />
        </>
      )}
    </aside>
  );
}
