import * as Popover from '@radix-ui/react-popover';
import { SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { ISSUE_DISPLAY_PROPERTIES, ISSUE_ORDERINGS, type IssueDisplayProperty, type IssueOrdering } from '../../../api-shapes/issue-display.js';
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

interface DisplayProps {
  /** The grouping, offered only where the layout groups (the list); absent on the board. */
  grouping?: { value: IssueGrouping; onChange(grouping: IssueGrouping): void };
  order: IssueOrdering;
  onOrderChange(order: IssueOrdering): void;
  /** The properties rows and cards show. */
  display: readonly IssueDisplayProperty[];
  /** Given how to make the shown properties from the latest: toggles made in quick succession each build on the last. */
  onDisplayChange(change: (current: readonly IssueDisplayProperty[]) => IssueDisplayProperty[]): void;
  /** Whether the project's estimates are on: the estimate is offered only then. */
  estimates?: boolean;
}

/** How each property a row can show reads. */
const PROPERTY_LABELS: Readonly<Record<IssueDisplayProperty, string>> = {
  priority: 'Priority',
  key: 'Key',
  labels: 'Labels',
  assignees: 'Assignees',
  target_date: 'Target date',
  estimate: 'Estimate',
};

/** The "Display" button and its popover: how the list is grouped and ordered, and what its rows show. */
export function IssueDisplayOptions({ grouping, order, onOrderChange, display, onDisplayChange, estimates = false }: DisplayProps) {
  const id = useId();
  const toggle = (property: IssueDisplayProperty, on: boolean) =>
    onDisplayChange((current) => ISSUE_DISPLAY_PROPERTIES.filter((item) => (item === property ? on : current.includes(item))));
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
          <fieldset className="app-field app-display-properties">
            <legend>Properties</legend>
            {ISSUE_DISPLAY_PROPERTIES.filter((property) => estimates || property !== 'estimate').map((property) => (
              <label key={property}>
                <input type="checkbox" checked={display.includes(property)} onChange={(event) => toggle(property, event.target.checked)} /> {PROPERTY_LABELS[property]}
              </label>
            ))}
          </fieldset>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
