import * as Popover from '@radix-ui/react-popover';
import { SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ISSUE_ORDERS, type IssueOrder } from '../../../api-shapes/issue-list-query.js';
import { Button } from '../../ui/button.js';
import { Icon } from '../../ui/icon.js';
import { GroupBySelect, type IssueGrouping } from './issue-groups.js';

/** Each order's name in the Display popover, newest first being the default. */
const ORDER_LABELS: Readonly<Record<IssueOrder, string>> = {
  '-created_at': 'Newest',
  '-updated_at': 'Last updated',
  priority: 'Priority',
  target_date: 'Target date',
};

/** The list's order, kept in the URL as `?order=` (absent for newest first, the server's default). */
export function useIssueOrdering(): [IssueOrder, (order: IssueOrder) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('order');
  const order = ISSUE_ORDERS.find((item) => item === asked) ?? '-created_at';
  const choose = (next: IssueOrder) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === '-created_at') updated.delete('order');
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
  order: IssueOrder;
  onOrderChange(order: IssueOrder): void;
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
            <select id={`${id}-order`} value={order} onChange={(event) => onOrderChange(event.target.value as IssueOrder)}>
              {ISSUE_ORDERS.map((item) => (
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
