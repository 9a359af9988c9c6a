import { Button } from '../../ui/button.js';
import { StatePicker, useProjectChoices } from './issue-pickers.js';

interface SelectionBarProps {
  slug: string;
  projectId: string;
  count: number;
  /** Moves every selected issue to the state. */
  onState(stateId: string): void;
  onClear(): void;
}

/** The bar over a list with rows selected: how many, the side panel's state picker for all of them at once, and a way out. */
export function IssueSelectionBar({ slug, projectId, count, onState, onClear }: SelectionBarProps) {
  const choices = useProjectChoices(slug, projectId);
  return (
    <div className="app-selection-bar" role="region" aria-label="Selected issues">
      <p className="app-selection-count" role="status">
        {count} selected
      </p>
      <StatePicker choices={choices} value={null} fallback="Set state" onChange={onState} />
      <Button size="small" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
