import { Link } from 'react-router';
import type { StateCounts } from '../../api/types.js';

/** A cycle or module as its list shows it. */
export interface PlanningItem extends StateCounts {
  id: string;
  name: string;
  status: string;
}

/** Cycles or modules as cards: name, status and how many of their issues are done. */
export function PlanningList({ items, label, href }: { items: readonly PlanningItem[]; label: string; href(id: string): string }) {
  return (
    <ul className="app-card-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <Link className="app-card" to={href(item.id)}>
            <h2>{item.name}</h2>
            <p>
              {item.status.replace(/-/g, ' ')} · {item.completed_issues} of {item.total_issues} issues done
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
