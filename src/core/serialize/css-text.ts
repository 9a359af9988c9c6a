/**
 * A style attribute as a browser writes it back after ProseMirror sets it through
 * `element.style.cssText` (CSSOM serialisation): `property: value;` pairs joined by one
 * space, hex colours as `rgb()`/`rgba()`, numbers in their shortest form, keywords in
 * lower case, unitless lengths other than 0 dropped. It covers the values the safe-DOM
 * rules let through (lengths, percentages, colours, keywords); other values are kept as
 * written (trimmed), where a browser might rewrite or drop them.
 */

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*((?:0|1)(?:\.\d*)?|\.\d+)\s*)?\)$/i;
const NUMBER = /^(-?)(\d*\.?\d+)(px|%|em|rem)?$/i;
/** Properties whose value is a length or a percentage: a unitless 0 is written `0px` there. */
const LENGTHS = new Set(['width', 'height', 'min-width', 'max-width', 'min-height', 'max-height']);

/** An alpha as CSSOM writes it: two decimals when they keep the 8-bit value, else three. */
function alphaText(alpha: number): string {
  const byte = Math.round(alpha * 255);
  const two = Math.round(alpha * 100) / 100;
  const value = Math.round(two * 255) === byte ? two : Math.round(alpha * 1000) / 1000;
  return String(value);
}

function rgbText(r: number, g: number, b: number, alpha: number): string {
  return alpha >= 1 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${alphaText(alpha)})`;
}

function colorText(value: string): string | null {
  const hex = HEX.exec(value);
  if (hex) {
    const digits = hex[1].length <= 4 ? Array.from(hex[1], (d) => d + d).join('') : hex[1];
    const byte = (i: number) => parseInt(digits.slice(i * 2, i * 2 + 2), 16);
    return rgbText(byte(0), byte(1), byte(2), digits.length === 8 ? byte(3) / 255 : 1);
  }
  const rgb = RGB.exec(value);
  if (rgb) {
    const [r, g, b] = rgb.slice(1, 4).map((n) => Math.min(255, Number(n)));
    return rgbText(r, g, b, rgb[4] === undefined ? 1 : Math.min(1, Number(rgb[4])));
  }
  return null;
}

/** A value as CSSOM writes it, or null when the browser refuses it (a length without a unit). */
function valueText(property: string, value: string): string | null {
  const color = colorText(value);
  if (color) return color;
  const number = NUMBER.exec(value);
  if (number) {
    const unit = (number[3] ?? '').toLowerCase();
    const text = `${number[1]}${Number(number[2])}`.replace(/^-0$/, '0');
    if (unit || !LENGTHS.has(property)) return `${text}${unit}`;
    return text === '0' ? '0px' : null;
  }
  return /^[a-z-]+$/i.test(value) ? value.toLowerCase() : value;
}

/** A style attribute's text as the browser's CSSOM writes it back. */
export function cssText(style: string): string {
  const declarations = new Map<string, string>();
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const written = property && value ? valueText(property, value) : null;
    if (written === null) continue;
    // A later declaration of a property replaces the earlier one, in its own place.
    declarations.delete(property);
    declarations.set(property, written);
  }
  return Array.from(declarations, ([property, value]) => `${property}: ${value};`).join(' ');
}
