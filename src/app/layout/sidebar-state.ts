import { useState } from 'react';

/** The localStorage key remembering a hidden sidebar. */
export const SIDEBAR_HIDDEN_KEY = 'app-sidebar-hidden';

function read(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_HIDDEN_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether the sidebar is open, remembered across visits, and a toggle for it. */
export function useSidebarOpen(): [boolean, () => void] {
  const [hidden, setHidden] = useState(read);
  const toggle = () =>
    setHidden((was) => {
      try {
        window.localStorage.setItem(SIDEBAR_HIDDEN_KEY, String(!was));
      } catch {
        // Storage refused (private browsing): the choice lasts for this page.
      }
      return !was;
    });
  return [!hidden, toggle];
}
