import { isDayField, isPlainIssueField } from '../../../api-shapes/issue-plain-fields.js';

/** SVG path data (24×24, stroked) for each kind of change. */
const PATHS: Record<string, string> = {
  assignees: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  archived_at: 'M3 4h18v5H3zM5 9v11h14V9M10 13h4',
  attachment: 'M20 11l-8 8a5 5 0 0 1-7-7l8-8a3.5 3.5 0 0 1 5 5l-8 8a2 2 0 0 1-3-3l7-7',
  description: 'M4 6h16M4 12h16M4 18h10',
  estimate_point: 'M12 4l9 16H3z',
  issue: 'M12 3l9 5-9 5-9-5zM3 13l9 5 9-5',
  labels: 'M3 12V3h9l9 9-9 9zM8 8h.01',
  link: 'M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1',
  cycles: 'M21 12a9 9 0 1 1-3-6.7M21 3v6h-6',
  modules: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  name: 'M4 20h4L19 9l-4-4L4 16z',
  parent: 'M6 3v12a3 3 0 0 0 3 3h9M15 15l3 3-3 3',
  priority: 'M5 20v-4M12 20V10M19 20V4',
  relation: 'M4 7h14l-4-4M20 17H6l4 4',
  state: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8v4l3 2',
  date: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  comment: 'M4 5h16v11H9l-5 4z',
  intake: 'M3 13h5l1 3h6l1-3h5M5 5h14l2 8v6H3v-6z',
};

const ALIASES: Record<string, string> = {
  relates_to: 'relation',
  blocking: 'relation',
  blocked_by: 'relation',
  duplicate: 'relation',
  snoozed_till: 'date',
};

/** The icon's key of a row about `field`: its own, its alias's, or the calendar for a plain date field. */
function iconKey(field: string): string {
  if (isPlainIssueField(field) && isDayField(field)) return 'date';
  return ALIASES[field] ?? field;
}

/** The icon of an activity row; its colour comes from the feed's CSS (spec: #6b7280). */
export function ActivityIcon({ field }: { field: string | null }) {
  const key = field ? iconKey(field) : 'name';
  return (
    <svg
      className="af-icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[key] ?? PATHS.name} />
    </svg>
  );
}
