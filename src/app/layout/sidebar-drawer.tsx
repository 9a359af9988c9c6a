import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Menu, X } from 'lucide-react';
import { Button } from '../ui/button.js';
import { Icon } from '../ui/icon.js';

/** The id of the sidebar drawer, which the menu button controls. */
export const DRAWER_ID = 'app-drawer';

/**
 * The header's menu button on a phone: opens the sidebar drawer (Radix gives it aria-expanded
 * and gives focus back to it when the drawer closes). It names the drawer in aria-controls even
 * while closed, as the desktop's sidebar toggle does, not only while open as Radix would.
 */
export function MenuButton() {
  return (
    <Dialog.Trigger asChild>
      <Button variant="ghost" className="app-menu-button" aria-label="Open menu" aria-controls={DRAWER_ID}>
        <Icon icon={Menu} />
      </Button>
    </Dialog.Trigger>
  );
}

/** The drawer's own close button, for touch screens (no Escape key there). */
export function CloseMenuButton() {
  return (
    <Dialog.Close asChild>
      <Button variant="ghost" className="app-drawer-close" aria-label="Close menu">
        <Icon icon={X} />
      </Button>
    </Dialog.Close>
  );
}

/**
 * The sidebar on a phone: a modal drawer over the content with a backdrop. Focus moves into it as
 * it opens and stays there; Escape, a tap on the backdrop and choosing an entry close it. Lives in
 * the `Dialog.Root` of the layout, beside the header's {@link MenuButton}.
 */
export function SidebarDrawer({ children, onNavigate }: { children: ReactNode; onNavigate: () => void }) {
  return (
    <>
      <Dialog.Overlay className="app-drawer-backdrop" />
      <Dialog.Content
        id={DRAWER_ID}
        className="app-drawer"
        aria-describedby={undefined}
        onClick={(event) => {
          // Choosing an entry closes the drawer, even the entry of the page already shown.
          if (event.target instanceof Element && event.target.closest('a[href]')) onNavigate();
        }}
      >
        <Dialog.Title className="app-visually-hidden">Menu</Dialog.Title>
        {children}
      </Dialog.Content>
    </>
  );
}
