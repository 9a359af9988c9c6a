import type { Theme } from '../../../api-shapes/theme.js';
import { normaliseHex, validateHex } from './hex.js';

/** The five colours of a custom theme and its palette flag, as the form edits them. */
export type ThemeColours = Omit<Theme, 'theme' | 'palette'>;

/** The colour fields, in palette order. */
export type ColourField = Exclude<keyof ThemeColours, 'darkPalette'>;

/** A saved custom theme (spec section 3): the colours, the palette string and the fixed `theme: 'custom'`. */
export interface CustomTheme extends ThemeColours {
  palette: string;
  theme: 'custom';
}

/** The default colours (spec section 9). */
export const DEFAULT_THEME_COLOURS: ThemeColours = {
  background: '#0d101b',
  text: '#c5c5c5',
  primary: '#3f76ff',
  sidebarBackground: '#0d101b',
  sidebarText: '#c5c5c5',
  darkPalette: false,
};

/** Each colour field with its label and its required message, in palette order. */
export const COLOUR_FIELDS: readonly { name: ColourField; label: string; required: string }[] = [
  { name: 'background', label: 'Background color', required: 'Background color is required' },
  { name: 'text', label: 'Text color', required: 'Text color is required' },
  { name: 'primary', label: 'Primary color', required: 'Primary color is required' },
  { name: 'sidebarBackground', label: 'Sidebar background color', required: 'Sidebar background color is required' },
  { name: 'sidebarText', label: 'Sidebar text color', required: 'Sidebar text color is required' },
];

/** The theme object for some colours, with each colour's missing # added; the palette joins the five colours with commas. */
export function buildCustomTheme(colours: ThemeColours): CustomTheme {
  const normalised = { ...colours };
  for (const { name } of COLOUR_FIELDS) normalised[name] = normaliseHex(colours[name]);
  return {
    ...normalised,
    darkPalette: Boolean(colours.darkPalette),
    palette: COLOUR_FIELDS.map(({ name }) => normalised[name]).join(','),
    theme: 'custom',
  };
}

/** Whether all five colours are valid once their missing # is added. */
export function isCompleteTheme(colours: ThemeColours): boolean {
  return COLOUR_FIELDS.every(({ name }) => validateHex(normaliseHex(colours[name] ?? '')));
}
