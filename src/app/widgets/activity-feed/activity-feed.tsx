import { useStyles } from '../../ui/styles.js';
import { activityFeedCss } from './activity-feed.css.js';
import { ActivityIcon } from './activity-icon.js';
import type { ActivityRow } from './activity-row.js';
import { activitySentence, type SentencePart } from './activity-sentence.js';
import { absoluteTime, relativeTime } from './relative-time.js';

/** Props of {@link ActivityFeed}. */
export interface ActivityFeedProps {
  activities: ActivityRow[];
  /** Name the issue in each sentence (for feeds that mix issues). */
  showIssue?: boolean;
  /** The moment relative times are counted from (tests pin it); now by default. */
  now?: Date;
  /** The list's accessible name ("Activity" by default), for pages with more than one feed. */
  label?: string;
}

function Part({ part }: { part: SentencePart }) {
  const text = part.given ? <bdi>{part.text}</bdi> : part.text;
  if (!part.href) return <>{text}</>;
  if (part.external) {
    return (
      <a className="af-link" href={part.href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    );
  }
  // A plain link: the app's router intercepts same-origin clicks.
  return (
    <a className="af-link" href={part.href}>
      {text}
    </a>
  );
}

/** An issue's activity: one sentence per change, with an icon and how long ago it happened. */
export function ActivityFeed({ activities, showIssue = false, now, label = 'Activity' }: ActivityFeedProps) {
  useStyles('activity-feed', activityFeedCss);
  if (!activities.length) return <p className="af-empty">No activity yet.</p>;
  const reference = now ?? new Date();
  return (
    <ol className="af-feed" aria-label={label}>
      {activities.map((row, index) => (
        <li key={row.id ?? index} className="af-row">
          <ActivityIcon field={row.field} />
          <p className="af-sentence">
            {activitySentence(row, { showIssue }).map((part, partIndex) => (
              <Part key={partIndex} part={part} />
            ))}{' '}
            <time className="af-time" dateTime={row.created_at} title={absoluteTime(row.created_at)}>
              {relativeTime(row.created_at, reference)}
            </time>
          </p>
        </li>
      ))}
    </ol>
  );
}
