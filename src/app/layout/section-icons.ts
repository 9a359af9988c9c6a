import { Archive, CircleDot, FileText, Inbox, Layers, LayoutList, RefreshCcw, Settings, type LucideIcon } from 'lucide-react';

/** Each project section's icon: the sidebar's sections and whatever names a thing of that kind (favorites) draw it alike. */
export const SECTION_ICONS = {
  issues: CircleDot,
  cycles: RefreshCcw,
  modules: Layers,
  views: LayoutList,
  pages: FileText,
  inbox: Inbox,
  archives: Archive,
  settings: Settings,
} as const satisfies Record<string, LucideIcon>;
