import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronsUpDown, Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Workspace } from '../api/types.js';
import { paths } from '../router/paths.js';
import { Icon } from '../ui/icon.js';

/** The first letter of a name, for a logo placeholder. */
export function initial(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}

/** The sidebar's workspace menu: the current workspace, the others to switch to, and creating one. */
export function WorkspaceSwitcher({ current, workspaces }: { current: Workspace; workspaces: readonly Workspace[] }) {
  const navigate = useNavigate();
  return (
    <Menu.Root>
      <Menu.Trigger className="app-switcher">
        <span className="app-switcher-logo" aria-hidden="true">
          {initial(current.name)}
        </span>
        <span className="app-switcher-name">
          {current.name}
          <span className="app-visually-hidden"> (switch workspace)</span>
        </span>
        <Icon icon={ChevronsUpDown} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="app-menu" align="start" sideOffset={4}>
          <Menu.Label className="app-menu-label">Workspaces</Menu.Label>
          <Menu.RadioGroup value={current.slug} onValueChange={(slug) => navigate(paths.workspace(slug))}>
            {workspaces.map((workspace) => (
              <Menu.RadioItem key={workspace.id} value={workspace.slug} className="app-menu-item">
                <span className="app-switcher-logo" aria-hidden="true">
                  {initial(workspace.name)}
                </span>
                {workspace.name}
                <Menu.ItemIndicator>
                  <Icon icon={Check} />
                </Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
          <Menu.Separator className="app-menu-separator" />
          <Menu.Item className="app-menu-item" onSelect={() => navigate(paths.createWorkspace())}>
            <Icon icon={Plus} />
            Create workspace
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
