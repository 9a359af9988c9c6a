import type { LucideIcon } from 'lucide-react';

/** The icon sizes the app uses: 16 px beside text (sidebar, buttons, menus), 14 px in dense rows. */
export const ICON_SIZE = { normal: 16, small: 14 } as const;

/** The stroke width of every icon in the app. */
export const ICON_STROKE = 1.75;

/**
 * A decorative icon: hidden from assistive technology (the text beside it, or the button's
 * aria-label, is the accessible name), sized and stroked the app's way. Pass the lucide icon
 * imported by name so the bundle keeps only the icons used.
 */
export function Icon({ icon: Glyph, size = 'normal', className, color }: { icon: LucideIcon; size?: keyof typeof ICON_SIZE; className?: string; color?: string }) {
  return (
    <Glyph
      className={['app-icon', className].filter(Boolean).join(' ')}
      size={ICON_SIZE[size]}
      strokeWidth={ICON_STROKE}
      color={color}
      aria-hidden="true"
      focusable="false"
    />
  );
}
