import * as Menu from '@radix-ui/react-dropdown-menu';
import type { LucideIcon } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button.js';
import { Icon } from './icon.js';

/** One entry of an {@link ActionMenu}. */
export interface MenuAction {
  /** The entry's words, its accessible name too. */
  label: string;
  icon?: LucideIcon;
  /** Drawn in the danger colour (deleting). */
  danger?: boolean;
  /** Why the action is not offered now: the entry stays, disabled, saying so on hover. */
  disabledReason?: string | undefined;
  /** Runs once the menu has closed and focus is back on its button, so a dialog it opens gives focus back there. */
  onSelect(): void;
}

/** Props of {@link ActionMenu}. */
export interface ActionMenuProps {
  /** The button's accessible name ("Issue actions"). */
  label: string;
  /** What the button shows: an icon, words, or both. */
  children: ReactNode;
  actions: readonly MenuAction[];
  /** The button's look (ghost unless said). */
  variant?: ButtonProps['variant'];
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
  /** The button's size (small unless said: a page header's buttons are normal). */
  size?: ButtonProps['size'];
}

/**
 * A button opening a menu of actions (Radix: arrow keys move, Enter or Space choose, Escape
 * closes, focus goes back to the button). The chosen action runs after the menu has gone,
 * with focus already on the button: a dialog it opens remembers the button as its opener.
 */
export function ActionMenu({ label, children, actions, variant = 'ghost', align = 'end', size = 'small' }: ActionMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const chosen = useRef<MenuAction | null>(null);
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button ref={trigger} variant={variant} size={size} aria-label={label} title={label}>
          {children}
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className="app-menu"
          align={align}
          sideOffset={4}
          aria-label={label}
          onCloseAutoFocus={(event) => {
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
              data-danger={action.danger ? '' : undefined}
              disabled={!!action.disabledReason}
              title={action.disabledReason}
              onSelect={() => (chosen.current = action)}
            >
              {action.icon ? <Icon icon={action.icon} /> : null}
              {action.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
