import * as Menu from '@radix-ui/react-dropdown-menu';
import { Ellipsis } from 'lucide-react';
import { useRef } from 'react';
import { Button } from './button.js';
import { Icon } from './icon.js';

/** One action of an overflow menu. */
export interface OverflowAction {
  label: string;
  onSelect(): void;
  /** Why the action is not offered now (shown on hover; the item stays, disabled). */
  disabledReason?: string | undefined;
  /** A destructive action, drawn in the danger colour. */
  danger?: boolean;
}

/**
 * The "…" button holding a screen's less frequent actions (import, delete several), as Linear and
 * Plane keep them, so the header holds one primary action and a phone keeps its height. A menu of
 * the app's kind (role="menu", arrow keys, Escape back to the button); `label` names the button.
 */
export function OverflowMenu({ label, actions }: { label: string; actions: readonly OverflowAction[] }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const chosen = useRef<OverflowAction | null>(null);
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button ref={trigger} aria-label={label} title={label}>
          <Icon icon={Ellipsis} size="small" />
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className="app-menu"
          align="end"
          sideOffset={4}
          onCloseAutoFocus={(event) => {
            // The action runs once focus is back on the button, so a dialog it opens gives focus back there (not to the removed item).
            const action = chosen.current;
            chosen.current = null;
            if (!action) return;
            event.preventDefault();
            trigger.current?.focus();
            action.onSelect();
          }}
        >
          {actions.map((action) => (
            <Menu.Item
              key={action.label}
              className="app-menu-item"
              disabled={!!action.disabledReason}
              title={action.disabledReason}
              data-danger={action.danger || undefined}
              onSelect={() => (chosen.current = action)}
            >
              {action.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
