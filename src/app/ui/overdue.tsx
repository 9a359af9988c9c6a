import { CalendarX2 } from 'lucide-react';
import { Icon } from './icon.js';
import { useStyles } from './styles.js';

/** What a day that has passed with its work still open says: its title, and read after the day. */
export const OVERDUE = 'Overdue';

/** An overdue day (a picker's or a plain one) in the danger colour, over the muted one of rows and cards. */
const overdueCss = `
:is(time, .app-picker-button)[data-overdue] { color: var(--app-danger); }
.app-overdue-icon { flex: none; vertical-align: -2px; margin-left: 4px; }
.app-picker-value .app-overdue-icon { margin-left: 0; }
`;

/** What an overdue day carries after it: an icon for the eye, ", overdue" for the ear (its colour comes from `[data-overdue]`). */
export function OverdueMark() {
  useStyles('app-overdue', overdueCss);
  return (
    <>
      <Icon icon={CalendarX2} size="small" className="app-overdue-icon" />
      <span className="app-visually-hidden">, {OVERDUE.toLowerCase()}</span>
    </>
  );
}
