import { ListFilter } from 'lucide-react';
import { useId, useState } from 'react';
import type { IssueDisplayProperty, IssueOrdering } from '../../../api-shapes/issue-display.js';
import type { State } from '../../api/types.js';
import { useIsPhone } from '../../layout/viewport.js';
import { Button } from '../../ui/button.js';
import { controlsCss } from '../../ui/controls.css.js';
import { Icon } from '../../ui/icon.js';
import { useStyles } from '../../ui/styles.js';
import { IssueDisplayOptions } from './issue-display.js';
import { activeFilterCount, IssueFilters, type IssueFilterValues } from './issue-filters.js';
import type { ProjectChoices } from './issue-pickers.js';
import type { IssueGrouping } from './issue-groups.js';
import { IssueLayoutSwitch, type IssueLayout } from './issue-layout.js';
import { IssueSearchBox } from './issue-search-box.js';
import { issueToolbarCss } from './issue-toolbar.css.js';

/** What the toolbar shows and changes: the list's layout, filters, grouping, order, shown properties and search. */
export interface IssueToolbarProps {
  states: readonly State[];
  /** The project's members and labels, for the Assignee and Labels filters. */
  choices: Pick<ProjectChoices, 'members' | 'labels'>;
  layout: IssueLayout;
  onLayoutChange(layout: IssueLayout): void;
  filters: IssueFilterValues;
  onFiltersChange(change: (current: IssueFilterValues) => IssueFilterValues): void;
  grouping: IssueGrouping;
  onGroupingChange(grouping: IssueGrouping): void;
  order: IssueOrdering;
  onOrderChange(order: IssueOrdering): void;
  display: readonly IssueDisplayProperty[];
  onDisplayChange(change: (current: readonly IssueDisplayProperty[]) => IssueDisplayProperty[]): void;
  /** Whether the project's estimates are on (the Display popover then offers the estimate). */
  estimates?: boolean;
  search: string;
  onSearchChange(search: string): void;
  /** Saves the list as arranged as a view; with `saveRefused`, the button says why it cannot. */
  onSaveView(): void;
  saveRefused?: string;
}

/**
 * The one row of controls over a project's issues, as Linear and Plane have it: the layout
 * switch, the Filter menu and its chips, the Display popover and the search. On a phone the row
 * is one "Filters and display" button that shows the same controls under it.
 */
export function IssueToolbar(props: IssueToolbarProps) {
  useStyles('app-controls', controlsCss);
  useStyles('app-issue-toolbar', issueToolbarCss);
  const phone = useIsPhone();
  const id = useId();
  const [open, setOpen] = useState(false);
  if (!phone) {
    return (
      <div className="app-issue-toolbar" role="group" aria-label="List controls">
        <ToolbarControls {...props} />
      </div>
    );
  }
  const active = activeFilterCount(props.filters) + (props.search ? 1 : 0);
  return (
    <div className="app-issue-toolbar" data-phone="">
      <Button size="small" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        <Icon icon={ListFilter} size="small" />
        Filters and display
        {active ? (
          <span className="app-toolbar-count">
            {active}
            <span className="app-visually-hidden"> active</span>
          </span>
        ) : null}
      </Button>
      <div id={`${id}-panel`} className="app-issue-toolbar-panel" role="group" aria-label="List controls" hidden={!open}>
        {open ? <ToolbarControls {...props} /> : null}
      </div>
    </div>
  );
}

/** The toolbar's controls, the same on a laptop's row and in a phone's panel. */
function ToolbarControls({ states, choices, layout, onLayoutChange, filters, onFiltersChange, grouping, onGroupingChange, order, onOrderChange, display, onDisplayChange, estimates, search, onSearchChange, onSaveView, saveRefused }: IssueToolbarProps) {
  return (
    <>
      <IssueLayoutSwitch value={layout} onChange={onLayoutChange} />
      <IssueFilters states={states} choices={choices} value={filters} onChange={onFiltersChange} />
      <div className="app-issue-toolbar-end">
        <IssueDisplayOptions grouping={layout === 'list' ? { value: grouping, onChange: onGroupingChange } : undefined} order={order} onOrderChange={onOrderChange} display={display} onDisplayChange={onDisplayChange} estimates={estimates} />
        <IssueSearchBox value={search} onChange={onSearchChange} />
        <Button size="small" disabled={!!saveRefused} title={saveRefused} onClick={onSaveView}>
          Save view
        </Button>
      </div>
    </>
  );
}
