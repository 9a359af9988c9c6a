import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, CircleUserRound, LogOut, PanelLeft, UserRoundCog } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { User } from '../api/types.js';
import { paths } from '../router/paths.js';
import { useSignOut } from '../session/session.js';
import { Button } from '../ui/button.js';
import { Icon } from '../ui/icon.js';
import { MenuButton } from './sidebar-drawer.js';
import { useWorkspaceSlug } from './workspace-data.js';

/**
 * The bar above every workspace screen: the sidebar toggle (on a phone, the menu button opening
 * the sidebar drawer), the workspace's name and the user's menu.
 */
export function AppHeader({
  title,
  user,
  phone,
  sidebarOpen,
  onToggleSidebar,
}: {
  title: string;
  user: User;
  phone: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  const navigate = useNavigate();
  const slug = useWorkspaceSlug();
  const signOut = useSignOut();
  return (
    <header className="app-header">
      {phone ? (
        <MenuButton />
      ) : (
        <Button variant="ghost" size="small" aria-expanded={sidebarOpen} aria-controls="app-sidebar" onClick={onToggleSidebar}>
          <Icon icon={PanelLeft} />
          {sidebarOpen ? 'Hide sidebar' : 'Show sidebar'}
        </Button>
      )}
      <span className="app-header-title">{title}</span>
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="small" className="app-account-button" aria-label={`Account: ${user.display_name}`}>
            <Icon icon={CircleUserRound} />
            <span className="app-account-name">{user.display_name}</span>
            <Icon icon={ChevronDown} />
          </Button>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className="app-menu" align="end" sideOffset={4}>
            <Menu.Label className="app-menu-label">{user.email}</Menu.Label>
            <Menu.Item className="app-menu-item" onSelect={() => navigate(paths.accountSettings(slug))}>
              <Icon icon={UserRoundCog} />
              Profile settings
            </Menu.Item>
            <Menu.Separator className="app-menu-separator" />
            <Menu.Item className="app-menu-item" onSelect={() => signOut.mutate()}>
              <Icon icon={LogOut} />
              Sign out
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
    </header>
  );
}
