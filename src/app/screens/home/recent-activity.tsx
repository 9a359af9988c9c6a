import { useId } from 'react';
import { Note } from '../../ui/note.js';
import { useStyles } from '../../ui/styles.js';
import { WorkspaceActivity } from '../activity/workspace-activity.js';
import { recentActivityCss } from './recent-activity.css.js';

/** Rows of recent activity the dashboard reads at a time. */
export const RECENT_ACTIVITY_PAGE_SIZE = 10;

/** "Recent activity" on the workspace home: what happened lately to the issues of the projects the user can open, each sentence linking its issue. */
export function RecentActivity({ slug }: { slug: string }) {
  useStyles('app-recent-activity', recentActivityCss);
  const headingId = useId();
  return (
    <section className="app-recent-activity" aria-labelledby={headingId}>
      <h2 id={headingId}>Recent activity</h2>
      <WorkspaceActivity
        slug={slug}
        pageSize={RECENT_ACTIVITY_PAGE_SIZE}
        label="Recent activity"
        empty={<Note>Nothing has happened in your projects yet.</Note>}
        more="Show more activity"
      />
    </section>
  );
}
