export { ThemeForm, type ThemeFormProps } from './theme-form.js';
export { COLOUR_FIELDS, DEFAULT_THEME_COLOURS, buildCustomTheme, isCompleteTheme, type ColourField, type CustomTheme, type ThemeColours } from './custom-theme.js';
export { HEX_MAX_LENGTH, INVALID_HEX_MESSAGE, normaliseHex, toSixDigitHex, validateHex } from './hex.js';
