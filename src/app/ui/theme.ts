import type { Theme } from '../api/types.js';

/** How the app picks its colours: follow the system, force light or dark, or the user's custom theme. */
export type ThemeMode = 'system' | 'light' | 'dark' | 'custom';

/** The localStorage key holding the chosen ThemeMode. */
export const THEME_MODE_KEY = 'app-theme-mode';

/** The custom properties a custom theme sets on :root. */
export const CUSTOM_THEME_PROPERTIES = [
  '--app-bg',
  '--app-surface',
  '--app-text',
  '--app-muted',
  '--app-border',
  '--app-primary',
  '--app-primary-text',
  '--app-sidebar-bg',
  '--app-sidebar-text',
  '--app-focus',
] as const;

/** The chosen mode from storage; 'system' when none (or storage is unavailable). */
export function storedThemeMode(storage: Pick<Storage, 'getItem'> | null = safeStorage()): ThemeMode {
  const value = storage?.getItem(THEME_MODE_KEY);
  return value === 'light' || value === 'dark' || value === 'custom' ? value : 'system';
}

/** Saves the chosen mode (silently, when storage is unavailable). */
export function storeThemeMode(mode: ThemeMode, storage: Pick<Storage, 'setItem'> | null = safeStorage()): void {
  try {
    storage?.setItem(THEME_MODE_KEY, mode);
  } catch {
    // Private browsing can refuse writes; the mode then lasts for this page only.
  }
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function channels(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** The WCAG relative luminance of a #rgb or #rrggbb colour (0 for anything else). */
export function luminance(hex: string): number {
  const rgb = channels(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `colour` made to stand out from `background` by at least `minimum` (WCAG's 3:1 for icons and
 * other non-text marks): mixed toward white on a dark background, toward black on a light one,
 * in 5% steps, only as far as needed. A colour that already does, or is not #rgb/#rrggbb, is kept.
 */
export function withContrast(colour: string, background: string, minimum = 3): string {
  const from = channels(colour);
  if (!from || !channels(background) || contrast(colour, background) >= minimum) return colour;
  const target = readableOn(background) === '#ffffff' ? 255 : 0;
  const hex = (value: number) => Math.round(value).toString(16).padStart(2, '0');
  let mixed = colour;
  for (let step = 1; step <= 20; step++) {
    const amount = step / 20;
    mixed = `#${from.map((channel) => hex(channel + (target - channel) * amount)).join('')}`;
    if (contrast(mixed, background) >= minimum) break;
  }
  return mixed;
}

/** Black or white, whichever reads better on `background`. */
export function readableOn(background: string): '#000000' | '#ffffff' {
  return contrast(background, '#000000') >= contrast(background, '#ffffff') ? '#000000' : '#ffffff';
}

/**
 * The `--app-*` values of a custom theme. The theme gives five colours; the rest are mixed from
 * them (surface, border and muted text from background and text) so the whole UI follows.
 */
export function customThemeProperties(theme: Theme): Record<(typeof CUSTOM_THEME_PROPERTIES)[number], string> {
  return {
    '--app-bg': theme.background,
    '--app-surface': `color-mix(in srgb, ${theme.background} 92%, ${theme.text})`,
    '--app-text': theme.text,
    '--app-muted': `color-mix(in srgb, ${theme.text} 75%, ${theme.background})`,
    '--app-border': `color-mix(in srgb, ${theme.background} 70%, ${theme.text})`,
    '--app-primary': theme.primary,
    '--app-primary-text': readableOn(theme.primary),
    '--app-sidebar-bg': theme.sidebarBackground,
    '--app-sidebar-text': theme.sidebarText,
    '--app-focus': theme.primary,
  };
}

/** Sets a custom theme's colours on `root` (and data-theme from its darkPalette flag). */
export function applyCustomTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(customThemeProperties(theme))) root.style.setProperty(name, value);
  root.dataset.theme = theme.darkPalette ? 'dark' : 'light';
}

/** Removes a custom theme's colours from `root`, so the stylesheet's light or dark ones apply again. */
export function clearCustomTheme(root: HTMLElement = document.documentElement): void {
  for (const name of CUSTOM_THEME_PROPERTIES) root.style.removeProperty(name);
}
