import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import {
  ThemeForm,
  buildCustomTheme,
  normaliseHex,
  toSixDigitHex,
  validateHex,
  type CustomTheme,
  type ThemeFormProps,
} from '../../../src/app/widgets/theme-form/index.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { until as waitUntil } from '../../helpers/until.js';
import { click } from '../shell/input.js';
import { settled } from '../shell/timing.js';

/** Waits for `check`; a failure names it by its source and says what it last returned. */
const until = (check: () => unknown) => waitUntil(check, String(check));

const LABELS = ['Background color', 'Text color', 'Primary color', 'Sidebar background color', 'Sidebar text color'];
const DEFAULT_THEME: CustomTheme = {
  background: '#0d101b',
  text: '#c5c5c5',
  primary: '#3f76ff',
  sidebarBackground: '#0d101b',
  sidebarText: '#c5c5c5',
  darkPalette: false,
  palette: '#0d101b,#c5c5c5,#3f76ff,#0d101b,#c5c5c5',
  theme: 'custom',
};

const field = (label: string) =>
  [...document.querySelectorAll<HTMLInputElement>('form input:not([type])')].find((input) => input.labels?.[0]?.textContent === label)!;
const swatch = (label: string) => document.querySelector<HTMLInputElement>(`input[type="color"][aria-label="${label} swatch"]`)!;
const errorOf = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent ?? null : null;
};
const submitButton = () => document.querySelector<HTMLButtonElement>('button[type="submit"]')!;

/** Replaces a field's text by typing, as a user selecting all and typing over it would. */
async function retype(label: string, text: string): Promise<void> {
  const input = field(label);
  input.focus();
  input.select();
  if (text) await sendKeys({ type: text });
  else await sendKeys({ press: 'Backspace' });
}

describe('ThemeForm', () => {
  let host: HTMLDivElement;
  let root: Root;
  let saved: CustomTheme[];
  let previews: CustomTheme[];

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    saved = [];
    previews = [];
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  function show(props: Partial<ThemeFormProps> = {}): void {
    flushSync(() => root.render(<ThemeForm onSave={(theme) => void saved.push(theme)} onPreview={(theme) => previews.push(theme)} {...props} />));
  }

  it('shows the five colours with their defaults and swatches, and the dark palette box', () => {
    show();
    expect(LABELS.map((label) => field(label).value)).to.deep.equal(['#0d101b', '#c5c5c5', '#3f76ff', '#0d101b', '#c5c5c5']);
    expect(LABELS.map((label) => swatch(label).value)).to.deep.equal(['#0d101b', '#c5c5c5', '#3f76ff', '#0d101b', '#c5c5c5']);
    expect(field('Background color').maxLength).to.equal(7);
    const box = document.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(box.labels![0].textContent).to.equal('Dark palette');
    expect(box.checked).to.equal(false);
    expect(submitButton().textContent).to.equal('Set theme');
  });

  it('saves the theme object with the palette joined by commas', async () => {
    show();
    await click(submitButton());
    await until(() => saved.length);
    expect(saved).to.deep.equal([DEFAULT_THEME]);
  });

  it('starts from the given colours', async () => {
    show({ initial: { primary: '#ff0000', darkPalette: true } });
    expect(field('Primary color').value).to.equal('#ff0000');
    await click(submitButton());
    await until(() => saved.length);
    expect(saved[0]).to.deep.equal({ ...DEFAULT_THEME, primary: '#ff0000', darkPalette: true, palette: '#0d101b,#c5c5c5,#ff0000,#0d101b,#c5c5c5' });
  });

  it('requires each colour, with its own message', async () => {
    show();
    for (const label of LABELS) await retype(label, '');
    await click(submitButton());
    await until(() => LABELS.every((label) => errorOf(label)));
    expect(LABELS.map(errorOf)).to.deep.equal([
      'Background color is required',
      'Text color is required',
      'Primary color is required',
      'Sidebar background color is required',
      'Sidebar text color is required',
    ]);
    for (const label of LABELS) {
      expect(field(label).getAttribute('aria-invalid')).to.equal('true');
      expect(document.getElementById(field(label).getAttribute('aria-describedby')!)!.getAttribute('role')).to.equal('alert');
    }
    expect(document.activeElement).to.equal(field('Background color'));
    expect(saved).to.deep.equal([]);
  });

  it('refuses values that are not hex codes', async () => {
    show();
    for (const text of ['#12345g', '#1234', 'blue', '#ff']) {
      await retype('Text color', text);
      await sendKeys({ press: 'Tab' });
      await until(() => errorOf('Text color') === 'Enter a valid hex code of 6 characters');
    }
    await click(submitButton());
    await settled();
    expect(saved).to.deep.equal([]);
    await retype('Text color', '#AbC');
    await until(() => errorOf('Text color') === null);
    expect(field('Text color').getAttribute('aria-invalid')).to.equal(null);
  });

  it('adds a missing # on blur', async () => {
    show();
    await retype('Primary color', 'ff8800');
    await sendKeys({ press: 'Tab' });
    await until(() => field('Primary color').value === '#ff8800');
    expect(errorOf('Primary color')).to.equal(null);
    expect(swatch('Primary color').value).to.equal('#ff8800');
  });

  it('adds a missing # on submit', async () => {
    show();
    await retype('Sidebar text color', '00ff00');
    await sendKeys({ press: 'Enter' });
    await until(() => saved.length);
    expect(saved[0].sidebarText).to.equal('#00ff00');
    expect(saved[0].palette).to.equal('#0d101b,#c5c5c5,#3f76ff,#0d101b,#00ff00');
    expect(field('Sidebar text color').value).to.equal('#00ff00');
  });

  it('follows the swatch, and the swatch follows the text', async () => {
    show();
    const picker = swatch('Background color');
    // The native setter, as the colour chooser would set it (React tracks the element's own setter).
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(picker, '#112233');
    picker.dispatchEvent(new Event('input', { bubbles: true }));
    await until(() => field('Background color').value === '#112233');
    await retype('Background color', '#abc');
    await until(() => swatch('Background color').value === '#aabbcc');
  });

  it('sends the dark palette flag', async () => {
    show();
    document.querySelector<HTMLInputElement>('input[type="checkbox"]')!.focus();
    await sendKeys({ press: ' ' });
    await click(submitButton());
    await until(() => saved.length);
    expect(saved[0].darkPalette).to.equal(true);
  });

  it('previews every valid change and nothing while a colour is invalid', async () => {
    show();
    expect(previews).to.deep.equal([]);
    await retype('Primary color', '#ff000');
    // Of "#", "#f", "#ff", "#ff0", "#ff00" and "#ff000" only the 3-digit "#ff0" is a colour.
    expect(previews.map((theme) => theme.primary)).to.deep.equal(['#ff0']);
    previews.length = 0;
    await sendKeys({ type: '0' });
    await until(() => previews.length === 1);
    expect(previews[0]).to.deep.equal({ ...DEFAULT_THEME, primary: '#ff0000', palette: '#0d101b,#c5c5c5,#ff0000,#0d101b,#c5c5c5' });
    await retype('Primary color', '00ff00');
    await until(() => previews.at(-1)!.primary === '#00ff00');
    const count = previews.length;
    // The # added on blur does not change the theme, so no second preview.
    await sendKeys({ press: 'Tab' });
    await until(() => field('Primary color').value === '#00ff00');
    expect(previews.length).to.equal(count);
    document.querySelector<HTMLInputElement>('input[type="checkbox"]')!.focus();
    await sendKeys({ press: ' ' });
    await until(() => previews.at(-1)!.darkPalette === true);
  });

  it('shows progress while saving', async () => {
    let finish!: () => void;
    show({ onSave: () => new Promise<void>((resolve) => (finish = resolve)) });
    await click(submitButton());
    await until(() => submitButton().textContent === 'Setting theme...');
    expect(submitButton().disabled).to.equal(true);
    finish();
    await until(() => submitButton().textContent === 'Set theme');
  });

  it('passes axe, with and without errors', async () => {
    show();
    await expectAccessible(host);
    await retype('Text color', 'nope');
    await click(submitButton());
    await until(() => errorOf('Text color'));
    await expectAccessible(host);
  });
});

describe('hex colours', () => {
  it('validates a # with 3 or 6 hex digits', () => {
    for (const good of ['#000', '#fff', '#0d101b', '#ABCDEF', '#aBc']) expect(validateHex(good), good).to.equal(true);
    for (const bad of ['', '#', '0d101b', '#0d101', '#0d101bb', '#ggg', '#12 45', ' #fff']) expect(validateHex(bad), bad).to.equal(false);
  });

  it('adds a missing #', () => {
    expect(normaliseHex('0d101b')).to.equal('#0d101b');
    expect(normaliseHex('#0d101b')).to.equal('#0d101b');
    expect(normaliseHex('  abc ')).to.equal('#abc');
    expect(normaliseHex('')).to.equal('');
    expect(normaliseHex('   ')).to.equal('');
  });

  it('expands 3 digits for the swatch', () => {
    expect(toSixDigitHex('#AbC')).to.equal('#aabbcc');
    expect(toSixDigitHex('0d101b')).to.equal('#0d101b');
    expect(toSixDigitHex('#12')).to.equal(null);
  });

  it('builds the theme object', () => {
    expect(buildCustomTheme({ ...DEFAULT_THEME, background: 'ffffff', darkPalette: true })).to.deep.equal({
      ...DEFAULT_THEME,
      background: '#ffffff',
      darkPalette: true,
      palette: '#ffffff,#c5c5c5,#3f76ff,#0d101b,#c5c5c5',
    });
  });
});
