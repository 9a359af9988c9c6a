import type { IssueLabel } from '../../api/types.js';
import { StateDot } from '../../ui/pickers/index.js';

/** Labels shown whole in a row before the rest are counted ("+2"): a name is never cut short. */
const ROW_LABELS_SHOWN = 1;

/** A row's or card's labels: the first whole (wrapping when it is longer than the column), then "+N" naming the others on hover and for screen readers (the count said too, so a button showing it is named by what it shows). */
export function RowLabels({ labels }: { labels: readonly IssueLabel[] }) {
  const rest = labels.slice(ROW_LABELS_SHOWN);
  return (
    <>
      {labels.slice(0, ROW_LABELS_SHOWN).map((item) => (
        <span key={item.id} className="app-issue-label">
          <StateDot color={item.color} />
          {item.name}
        </span>
      ))}
      {rest.length ? (
        <span className="app-issue-label app-issue-label-more" title={rest.map((item) => item.name).join(', ')}>
          +{rest.length}
          <span className="app-visually-hidden">{`, ${rest.map((item) => item.name).join(', ')}`}</span>
        </span>
      ) : null}
    </>
  );
}
