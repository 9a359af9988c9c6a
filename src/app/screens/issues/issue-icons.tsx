import { Circle, CircleCheck, CircleDashed, CircleDot, CircleX, type LucideIcon } from 'lucide-react';
import { STATE_GROUP_NAMES, STATE_GROUPS, type StateGroup } from '../../../api-shapes/state-groups.js';
import type { Priority } from '../../api/types.js';
import { Icon } from '../../ui/icon.js';
import { NO_COLOUR, PriorityGlyph } from '../../ui/pickers/index.js';
import { useVisibleColour } from '../../ui/theme-provider.js';
import { useStyles } from '../../ui/styles.js';
import { screensCss } from '../screens.css.js';
import { PRIORITY_OPTIONS } from './priorities.js';

// The spec's state groups, in workflow order, as the server defines them.
export { STATE_GROUPS, type StateGroup };

/** Each state group's icon and name: the one mapping every issue row and page uses. */
export const STATE_GROUP_ICONS: Readonly<Record<StateGroup, { icon: LucideIcon; label: string }>> = {
  backlog: { icon: CircleDashed, label: STATE_GROUP_NAMES.backlog },
  unstarted: { icon: Circle, label: STATE_GROUP_NAMES.unstarted },
  started: { icon: CircleDot, label: STATE_GROUP_NAMES.started },
  completed: { icon: CircleCheck, label: STATE_GROUP_NAMES.completed },
  cancelled: { icon: CircleX, label: STATE_GROUP_NAMES.cancelled },
};

/** Each priority's name ("Urgent"), from the one list of priorities. */
export const PRIORITY_LABELS: ReadonlyMap<Priority, string> = new Map(PRIORITY_OPTIONS.map((option) => [option.value, option.label]));

const isStateGroup = (group: string | null | undefined): group is StateGroup => !!group && (STATE_GROUPS as readonly string[]).includes(group);

/**
 * An issue's state as an icon in the state's colour, named "State: {name}" for assistive
 * technology (the state's own name when known, else its group's). Without a group it is a plain
 * circle with no name of its own; `decorative` drops the name where the state's name is written beside it.
 */
export function StateIcon({
  group,
  color,
  name,
  decorative = false,
}: {
  group: string | null | undefined;
  color: string | null | undefined;
  name?: string | null;
  decorative?: boolean;
}) {
  useStyles('app-screens', screensCss);
  const visible = useVisibleColour(color ?? NO_COLOUR);
  const known = isStateGroup(group) ? STATE_GROUP_ICONS[group] : null;
  const label = decorative ? undefined : known ? `State: ${name ?? known.label}` : name ? `State: ${name}` : undefined;
  return (
    <span className="app-state-icon" role={label ? 'img' : undefined} aria-label={label} title={label} data-group={known ? group : undefined}>
      <Icon icon={known?.icon ?? Circle} size="small" color={visible} />
    </span>
  );
}

/** An issue's priority as an icon, named "Priority: {name}" for assistive technology; `decorative` drops the name where the priority's name is written beside it. */
export function PriorityIcon({ priority, decorative = false }: { priority: Priority; decorative?: boolean }) {
  useStyles('app-screens', screensCss);
  const label = PRIORITY_LABELS.get(priority) ?? 'None';
  const name = decorative ? undefined : `Priority: ${label}`;
  return (
    <span className="app-priority-icon" role={name ? 'img' : undefined} aria-label={name} title={name} data-priority={priority}>
      <PriorityGlyph priority={priority} />
    </span>
  );
}
