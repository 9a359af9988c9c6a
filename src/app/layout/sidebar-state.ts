import { useStoredChoice } from '../ui/stored-choice.js';

/** The localStorage key remembering a hidden sidebar. */
export const SIDEBAR_HIDDEN_KEY = 'app-sidebar-hidden';

const hiddenOf = (stored: string | null) => (stored === 'true' ? 'true' : 'false');

/** Whether the sidebar is open, remembered across visits, and a toggle for it. */
export function useSidebarOpen(): [boolean, () => void] {
  const [hidden, choose] = useStoredChoice(SIDEBAR_HIDDEN_KEY, hiddenOf);
  return [hidden !== 'true', () => choose((was) => (was === 'true' ? 'false' : 'true'))];
}
