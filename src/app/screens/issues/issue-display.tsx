import * as Popover from '@radix-ui/react-popover';
import { SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ISSUE_ORDERINGS, type IssueOrdering } from '../../../api-shapes/issue-display.js';
import { Button } from '../../ui/button.js';
import { Icon } from '../../ui/icon.js';
import { GroupBySelect, type IssueGrouping } from './issue-groups.js';

/** Each order's name in the Display popover, newest first being the default. */
const ORDER_LABELS: Readonly<Record<IssueOrdering, string>> = {
  newest: 'Newest',
  updated: 'Last updated',
  priority: 'Priority',
  target_date: 'Target date',
};

/** The list's order, kept in the URL as `?order=` (absent for newest first, the server's default). */
export function useIssueOrdering(): [IssueOrdering, (order: IssueOrdering) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('order');
  const order = ISSUE_ORDERINGS.find((item) => item === asked) ?? 'newest';
  const choose = (next: IssueOrdering) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'newest') updated.delete('order');
        else updated.set('order', next);
        return updated;
      },
      { replace: true },
    );
  return [order, choose];
}

interface DisplayProps {
  /** The grouping, offered only where the layout groups (the list); absent on the board. */
  grouping?: { value: IssueGrouping; onChange(grouping: IssueGrouping): void };
  order: IssueOrdering;
  onOrderChange(order: IssueOrdering): void;
}

/** The "Display" button and its popover: how the list is grouped and ordered. */
export function IssueDisplayOptions({ grouping, order, onOrderChange }: DisplayProps) {
  const id = useId();
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button size="small" variant="ghost">
          <Icon icon={SlidersHorizontal} size="small" />
          Display
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="app-display-popup" aria-label="Display options" align="end" sideOffset={4} collisionPadding={8}>
          {grouping ? <GroupBySelect value={grouping.value} onChange={grouping.onChange} /> : null}
          <div className="app-field">
            <label htmlFor={`${id}-order`}>Order by</label>
            <select id={`${id}-order`} value={order} onChange={(event) => onOrderChange(event.target.value as IssueOrdering)}>
              {ISSUE_ORDERINGS.map((item) => (
                <option key={item} value={item}>
                  {ORDER_LABELS[item]}
                </option>
              ))}
            </select>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
