import type { Theme } from '../../api-shapes/theme.js';

/** The five colour fields, in palette order, with the name their messages use. */
export const THEME_COLOURS = [
  ['background', 'Background color'],
  ['text', 'Text color'],
  ['primary', 'Primary color'],
  ['sidebarBackground', 'Sidebar background color'],
  ['sidebarText', 'Sidebar text color'],
] as const;

/** A colour field name. */
export type ThemeColour = (typeof THEME_COLOURS)[number][0];

/** The message for a colour that is not a valid hex code (spec). */
export const HEX_CODE_MESSAGE = 'Enter a valid hex code of 6 characters';

/** The spec's default theme colours. */
export const DEFAULT_THEME: Theme = withPalette({
  theme: 'custom',
  background: '#0d101b',
  text: '#c5c5c5',
  primary: '#3f76ff',
  sidebarBackground: '#0d101b',
  sidebarText: '#c5c5c5',
  darkPalette: false,
});

function withPalette(theme: Omit<Theme, 'palette'>): Theme {
  return { ...theme, palette: THEME_COLOURS.map(([field]) => theme[field]).join(',') };
}

/** A theme form's input: colours possibly missing or without their '#'. */
export type ThemeInput = Partial<Record<ThemeColour, string>> & { darkPalette?: boolean; palette?: string; theme?: 'custom' };

/** Why a theme was refused: the spec's message and the field at fault. */
export interface ThemeError {
  error: string;
  field: ThemeColour;
}

/**
 * Checks and normalises a theme with the spec's rules: each colour required ("Background color
 * is required"), a missing '#' added, then exactly 7 characters matching #RGB or #RRGGBB
 * ("Enter a valid hex code of 6 characters"). The palette is rebuilt from the five colours.
 */
export function validateTheme(input: ThemeInput): { theme: Theme } | ThemeError {
  const colours = {} as Record<ThemeColour, string>;
  for (const [field, label] of THEME_COLOURS) {
    const raw = input[field]?.trim() ?? '';
    if (!raw) return { error: `${label} is required`, field };
    const value = raw.startsWith('#') ? raw : `#${raw}`;
    if (value.length !== 7 || !/^#([0-9a-f]{6}|[0-9a-f]{3})$/i.test(value)) return { error: HEX_CODE_MESSAGE, field };
    colours[field] = value;
  }
  return { theme: withPalette({ theme: 'custom', ...colours, darkPalette: input.darkPalette ?? false }) };
}

/** A stored theme (jsonb, possibly null or from an older shape) as the API returns it. */
export function storedTheme(value: unknown): Theme {
  if (value === null || typeof value !== 'object') return DEFAULT_THEME;
  const result = validateTheme(value as ThemeInput);
  return 'theme' in result ? result.theme : DEFAULT_THEME;
}
