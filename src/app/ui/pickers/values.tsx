import { useVisibleColour } from '../theme-provider.js';
import type { Priority } from '../../api/types.js';

/** The grey of a state or label without a colour of its own, and the first colour a new one is offered. */
export const NO_COLOUR = '#6b7280';

/** A state's colour dot. */
export function StateDot({ color }: { color: string }) {
  return <span className="app-state-dot" aria-hidden="true" style={{ background: useVisibleColour(color) }} />;
}

const PRIORITY_LEVEL: Record<Priority, number> = { urgent: 4, high: 3, medium: 2, low: 1, none: 0 };

/** A priority's glyph (the one drawing of priorities): three bars filled up to its level, a marked square for urgent, a dash for none. */
export function PriorityGlyph({ priority }: { priority: Priority }) {
  const level = PRIORITY_LEVEL[priority];
  return (
    <svg className="app-priority-glyph" data-priority={priority} width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      {level === 4 ? (
        <>
          <rect x="1" y="1" width="12" height="12" rx="3" fill="currentColor" />
          <rect x="6.2" y="3.5" width="1.6" height="4.5" fill="var(--app-bg)" />
          <rect x="6.2" y="9.2" width="1.6" height="1.6" fill="var(--app-bg)" />
        </>
      ) : level === 0 ? (
        <rect x="2" y="6.3" width="10" height="1.4" fill="currentColor" />
      ) : (
        [0, 1, 2].map((bar) => (
          <rect key={bar} x={1.5 + bar * 4} y={9 - bar * 3} width="3" height={4 + bar * 3} rx="0.8" fill="currentColor" opacity={bar < level ? 1 : 0.3} />
        ))
      )}
    </svg>
  );
}

/** A label as a chip with its colour. */
export function LabelChip({ name, color }: { name: string; color: string }) {
  return (
    <span className="app-label-chip">
      <StateDot color={color} />
      {name}
    </span>
  );
}
