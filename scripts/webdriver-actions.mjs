// Web Test Runner's key names (puppeteer's) and mouse input as W3C WebDriver actions.

/** WebDriver's code points for the named keys (WebDriver spec, "Keyboard actions"). */
const NAMED = {
  Unidentified: '\uE000',
  Cancel: '\uE001',
  Help: '\uE002',
  Backspace: '\uE003',
  Tab: '\uE004',
  Clear: '\uE005',
  Enter: '\uE007',
  NumpadEnter: '\uE007',
  Shift: '\uE008',
  ShiftLeft: '\uE008',
  Control: '\uE009',
  ControlLeft: '\uE009',
  Alt: '\uE00A',
  AltLeft: '\uE00A',
  Pause: '\uE00B',
  Escape: '\uE00C',
  Space: '\uE00D',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Insert: '\uE016',
  Delete: '\uE017',
  Meta: '\uE03D',
  MetaLeft: '\uE03D',
  ShiftRight: '\uE050',
  ControlRight: '\uE051',
  AltRight: '\uE052',
  MetaRight: '\uE053',
  // Playwright's name for the platform's shortcut modifier; WebKitGTK runs on Linux.
  ControlOrMeta: '\uE009',
};
for (let n = 1; n <= 12; n++) NAMED[`F${n}`] = String.fromCharCode(0xe031 + n - 1);

/** The WebDriver key value of one key name (`Enter`, `a`, `KeyA`, `Digit1`, `Space`). */
export function keyValue(name) {
  if (name in NAMED) return NAMED[name];
  if ([...name].length === 1) return name === '\n' || name === '\r' ? NAMED.Enter : name;
  const code = /^(?:Key([A-Z])|Digit([0-9]))$/.exec(name);
  if (code) return (code[1] ?? code[2]).toLowerCase();
  throw new Error(`Unknown key "${name}" for WebDriver`);
}

/** Key actions that press and release `press` (`Enter`, or a chord such as `Shift+Tab`). */
export function pressActions(press) {
  const parts = press.length > 1 && press.includes('+') ? press.split('+').map((p) => p || '+') : [press];
  const values = parts.map(keyValue);
  return [
    ...values.map((value) => ({ type: 'keyDown', value })),
    ...values.reverse().map((value) => ({ type: 'keyUp', value })),
  ];
}

/** Key actions that type `text` one character at a time. */
export function typeActions(text) {
  return [...text].flatMap((char) => {
    const value = keyValue(char);
    return [{ type: 'keyDown', value }, { type: 'keyUp', value }];
  });
}

/** WebDriver's pointer button number for Web Test Runner's button names. */
export const mouseButton = (name = 'left') => ({ left: 0, middle: 1, right: 2 })[name] ?? 0;

/** A pointer action that moves the mouse to (x, y) in viewport pixels. */
export const pointerMove = (x, y) => ({ type: 'pointerMove', duration: 0, origin: 'viewport', x: Math.round(x), y: Math.round(y) });

/** Pointer actions that press and release a button where the mouse is. */
export const pointerClick = (button) => [
  { type: 'pointerDown', button: mouseButton(button) },
  { type: 'pointerUp', button: mouseButton(button) },
];
