import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import type { IntakeIssue } from '../../api/types.js';
import { AppEditor } from '../../editor/app-editor.js';
import { can, Role } from '../../roles.js';
import { paths } from '../../router/paths.js';
import { Spinner } from '../../ui/spinner.js';
import { absoluteTime, ActivityFeed, relativeTime } from '../../widgets/activity-feed/index.js';
import { IntakeActions } from './intake-actions.js';
import { INBOX_WORDS, intakeStatusText } from './inbox-words.js';

/** Props of {@link IntakeDetail}. */
export interface IntakeDetailProps {
  slug: string;
  projectId: string;
  intake: IntakeIssue;
  /** The reader's project role: members and admins decide. */
  role: number;
  /** The moment relative times count from (tests pin it). */
  now: Date;
  /** A member's decision was made and the inbox shows it. */
  onDecided(): void;
}

/**
 * The chosen request: its key, title and status, who filed it and when, its description in a
 * read-only editor, a member's decisions, and its activity. An accepted request links to its issue.
 */
export function IntakeDetail({ slug, projectId, intake, role, now, onDecided }: IntakeDetailProps) {
  const api = useApi();
  const headingId = `intake-${intake.id}-title`;
  const activities = useQuery({
    queryKey: [...queryKeys.intake(slug, projectId), intake.id, 'activities', intake.updated_at],
    queryFn: () => api.intake.activities(slug, projectId, intake.id),
  });
  return (
    <section className="app-inbox-detail" aria-labelledby={headingId}>
      <p className="app-inbox-meta">
        <span className="app-issue-key">{intake.key}</span>
        <span className="app-inbox-status">{intakeStatusText(intake)}</span>
      </p>
      <h2 id={headingId}>{intake.name}</h2>
      <p className="app-inbox-meta">
        {/* One item of the line's flex row: the words and the name stay together. */}
        <span>
          {INBOX_WORDS.filedBy} <bdi>{intake.created_by?.display_name ?? INBOX_WORDS.someone}</bdi>
        </span>
        <time dateTime={intake.created_at} title={absoluteTime(intake.created_at)}>
          {relativeTime(intake.created_at, now)}
        </time>
      </p>
      {can(role, Role.Member) ? <IntakeActions slug={slug} projectId={projectId} intake={intake} onDecided={onDecided} /> : null}
      {intake.status === 'accepted' ? (
        <p>
          <Link to={paths.issue(slug, projectId, intake.issue_id)}>{`${INBOX_WORDS.openIssue} ${intake.key}`}</Link>
        </p>
      ) : null}
      <div className="app-inbox-description">
        <AppEditor key={intake.id} value={intake.description_html} readOnly aria-label={INBOX_WORDS.description} />
      </div>
      <h3>{INBOX_WORDS.activity}</h3>
      {activities.isPending ? (
        <Spinner label={INBOX_WORDS.loadingActivity} />
      ) : activities.isError ? (
        <p role="alert">{activities.error.message}</p>
      ) : (
        <ActivityFeed activities={activities.data} now={now} />
      )}
    </section>
  );
}
