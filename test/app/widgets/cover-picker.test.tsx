import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import {
  CoverPicker,
  CoverPickerPopover,
  requestErrorText,
  type CoverPickerProps,
  type UnsplashImage,
} from '../../../src/app/widgets/cover-picker/index.js';
import { SEARCH_DEBOUNCE_MS } from '../../../src/app/ui/debounce.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { until } from '../../helpers/until.js';
import { click } from '../shell/input.js';
import { advance, fakeClock, restoreClock, settled } from '../shell/timing.js';

/** A small picture that needs no server, told apart by its colour. */
const picture = (colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"><rect width="16" height="9" fill="${colour}"/></svg>`)}`;

const unsplash = (count: number): UnsplashImage[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `u${i}`,
    urls: { regular: picture(`#0000${(10 + i).toString(16)}`), small: picture(`#00${(10 + i).toString(16)}00`) },
    alt_description: i === 1 ? null : `Photo ${i}`,
  }));
const COVERS = Array.from({ length: 12 }, (_, i) => picture(`#${(16 + i * 10).toString(16)}0000`));

const tab = (name: string) => [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((el) => el.textContent === name)!;
const activePanel = () => document.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]')!;
const gridButtons = () => [...activePanel().querySelectorAll<HTMLButtonElement>('ul button')];
const searchBox = () => activePanel().querySelector<HTMLInputElement>('input[type="search"]');
const panelText = () => activePanel().textContent ?? '';

describe('CoverPicker', () => {
  let host: HTMLDivElement;
  let root: Root;
  let chosen: string[];
  let searches: string[];

  beforeEach(() => {
    host = document.createElement('div');
    host.style.width = '600px';
    document.body.appendChild(host);
    root = createRoot(host);
    chosen = [];
    searches = [];
  });
  afterEach(() => {
    root.unmount();
    host.remove();
    restoreClock();
  });

  function show(props: Partial<CoverPickerProps> = {}): void {
    flushSync(() =>
      root.render(
        <CoverPicker
          searchUnsplash={(query) => {
            searches.push(query);
            return Promise.resolve(query === 'nothing' ? [] : unsplash(3));
          }}
          listCovers={() => Promise.resolve(COVERS)}
          upload={() => Promise.resolve('/uploads/cover.png')}
          onSelect={(url) => chosen.push(url)}
          {...props}
        />,
      ),
    );
  }

  async function search(text: string): Promise<void> {
    searchBox()!.focus();
    await sendKeys({ type: text });
  }

  it('offers the Unsplash, Images and Upload tabs, reachable with the arrow keys', async () => {
    show();
    expect([...document.querySelectorAll('[role="tab"]')].map((el) => el.textContent)).to.deep.equal(['Unsplash', 'Images', 'Upload']);
    expect(tab('Unsplash').getAttribute('aria-selected')).to.equal('true');
    tab('Unsplash').focus();
    await sendKeys({ press: 'ArrowRight' });
    await until(() => tab('Images').getAttribute('aria-selected') === 'true');
    expect(document.activeElement).to.equal(tab('Images'));
    await sendKeys({ press: 'ArrowRight' });
    await until(() => tab('Upload').getAttribute('aria-selected') === 'true');
    expect(panelText()).to.contain('Drag & drop an image here');
  });

  it('invites a search before the first one', () => {
    show();
    expect(searchBox()!.labels![0].textContent).to.equal('Search Unsplash');
    expect(panelText()).to.contain('Type a word to search Unsplash for a cover image.');
    expect(searches).to.deep.equal([]);
  });

  it('searches once, 500 ms after the last keystroke', async () => {
    const clock = fakeClock();
    show();
    // Each key starts the wait again: a pause shorter than the delay between two keys searches nothing.
    await search('se');
    await advance(clock, SEARCH_DEBOUNCE_MS - 1);
    await search('a');
    await advance(clock, SEARCH_DEBOUNCE_MS - 1);
    expect(searches, 'no search until typing has rested 500 ms').to.deep.equal([]);
    clock.tick(1);
    await until(() => searches.length === 1, 'the search', { saw: () => searches });
    expect(searches).to.deep.equal(['sea']);
    await sendKeys({ type: ' ' });
    await advance(clock, SEARCH_DEBOUNCE_MS);
    // Trailing spaces do not make a new search.
    expect(searches).to.deep.equal(['sea']);
  });

  it('shows the results with alternative text and chooses the regular size', async () => {
    show();
    await search('sea');
    await until(() => gridButtons().length === 3);
    const images = gridButtons().map((button) => button.querySelector('img')!);
    expect(images.map((img) => img.alt)).to.deep.equal(['Photo 0', 'Unsplash image 2', 'Photo 2']);
    expect(images[0].getAttribute('src')).to.equal(unsplash(3)[0].urls.small);
    expect(activePanel().querySelector('ul')!.getAttribute('aria-label')).to.equal('Unsplash images');
    await click(gridButtons()[2]);
    expect(chosen).to.deep.equal([unsplash(3)[2].urls.regular]);
  });

  it('says when nothing was found', async () => {
    show();
    await search('nothing');
    await until(() => panelText().includes('No images found for “nothing”.'));
    expect(gridButtons()).to.deep.equal([]);
  });

  it("shows the server's text when the search fails", async () => {
    show({ searchUnsplash: () => Promise.reject({ status: 502, error: 'Unsplash did not answer.' }) });
    await search('sea');
    await until(() => activePanel().querySelector('[role="alert"]'));
    expect(activePanel().querySelector('[role="alert"]')!.textContent).to.equal('Unsplash did not answer.');
  });

  it('keeps the last images while the next search runs, and they can still be chosen', async () => {
    const answers: Array<(images: UnsplashImage[]) => void> = [];
    show({ searchUnsplash: () => new Promise((resolve) => answers.push(resolve)) });
    await search('sea');
    await until(() => answers.length === 1, 'the first search');
    answers[0](unsplash(3));
    await until(() => gridButtons().length === 3, 'the first images');
    const first = gridButtons()[1];
    await search(' shore');
    await until(() => answers.length === 2, 'the next search');
    // React draws the search's state after the call that asked it: wait for what it draws.
    await until(() => panelText().includes('Searching Unsplash...'), 'the search shown as running');
    expect(gridButtons().length, 'the grid stays while searching').to.equal(3);
    await click(first);
    expect(chosen).to.deep.equal([unsplash(3)[1].urls.regular]);
    answers[1](unsplash(2));
    await until(() => gridButtons().length === 2, 'the new images replace them');
    expect(panelText()).to.not.contain('Searching Unsplash...');
  });

  it('drops results for a query that is no longer typed', async () => {
    let answer!: (images: UnsplashImage[]) => void;
    show({ searchUnsplash: () => new Promise((resolve) => (answer = resolve)) });
    await search('sea');
    await until(() => panelText().includes('Searching Unsplash...'));
    searchBox()!.select();
    await sendKeys({ press: 'Backspace' });
    await until(() => panelText().includes('Type a word to search'));
    answer(unsplash(3));
    await settled();
    expect(gridButtons()).to.deep.equal([]);
  });

  it('explains an unconfigured Unsplash and opens on the Images tab', async () => {
    show({ unsplashConfigured: false });
    expect(tab('Images').getAttribute('aria-selected')).to.equal('true');
    await click(tab('Unsplash'));
    await until(() => tab('Unsplash').getAttribute('aria-selected') === 'true');
    expect(panelText()).to.equal('Unsplash search is not set up on this server. Choose one of the images or upload your own.');
    expect(searchBox()).to.equal(null);
    expect(searches).to.deep.equal([]);
  });

  it('lists the project covers and chooses one', async () => {
    show({ value: COVERS[3] });
    await click(tab('Images'));
    await until(() => gridButtons().length === 12);
    expect(gridButtons().map((button) => button.querySelector('img')!.alt)).to.deep.equal(COVERS.map((_, i) => `Project cover ${i + 1}`));
    expect(gridButtons().map((button) => button.getAttribute('aria-pressed'))).to.deep.equal(COVERS.map((_, i) => String(i === 3)));
    await click(gridButtons()[5]);
    expect(chosen).to.deep.equal([COVERS[5]]);
  });

  it('moves through the grid with the arrow keys, Home and End, with one tab stop', async () => {
    show();
    await click(tab('Images'));
    await until(() => gridButtons().length === 12);
    const buttons = gridButtons();
    // Indexes, not elements: a failing comparison of React-owned elements is very slow to print.
    const focused = () => buttons.indexOf(document.activeElement as HTMLButtonElement);
    const columns = buttons.filter((button) => button.offsetTop === buttons[0].offsetTop).length;
    expect(columns).to.be.within(2, 11);
    expect(buttons.map((button) => button.tabIndex).filter((index) => index === 0).length).to.equal(1);
    tab('Images').focus();
    // From the tab to its panel, then into the grid.
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement === activePanel()).to.equal(true);
    await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal(0);
    await sendKeys({ press: 'ArrowRight' });
    expect(focused()).to.equal(1);
    await sendKeys({ press: 'ArrowDown' });
    expect(focused()).to.equal(1 + columns);
    await sendKeys({ press: 'ArrowUp' });
    expect(focused()).to.equal(1);
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    expect(focused()).to.equal(0);
    await sendKeys({ press: 'End' });
    expect(focused()).to.equal(11);
    await sendKeys({ press: 'ArrowRight' });
    expect(focused()).to.equal(11);
    await sendKeys({ press: 'Home' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'Enter' });
    expect(chosen).to.deep.equal([COVERS[1]]);
    await sendKeys({ press: ' ' });
    expect(chosen).to.deep.equal([COVERS[1], COVERS[1]]);
    // Leaving and coming back lands on the last focused image.
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(document.activeElement === activePanel()).to.equal(true);
    await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal(1);
  });

  it('shows the text when the covers cannot be listed, and the empty list', async () => {
    show({ listCovers: () => Promise.reject(new Error('Offline')) });
    await click(tab('Images'));
    await until(() => activePanel().querySelector('[role="alert"]'));
    expect(activePanel().textContent).to.equal('Offline');
    flushSync(() => root.render(<></>));
    show({ listCovers: () => Promise.resolve([]) });
    await click(tab('Images'));
    await until(() => panelText() === 'No images available.');
  });

  it('uploads a cover through the image uploader and chooses it', async () => {
    const uploaded: string[] = [];
    show({
      maxSize: 1048576,
      upload: (file, progress) => {
        uploaded.push(file.name);
        progress(100);
        return Promise.resolve('/uploads/mine.png');
      },
    });
    await click(tab('Upload'));
    await until(() => activePanel().querySelector('input[type="file"]'));
    expect(panelText()).to.contain('up to 1 MB.');
    const input = activePanel().querySelector<HTMLInputElement>('input[type="file"]')!;
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(8)], 'mine.png', { type: 'image/png' }));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    const upload = () => [...activePanel().querySelectorAll('button')].find((button) => button.textContent === 'Upload')!;
    await until(() => !upload().disabled);
    await click(upload());
    await until(() => chosen.length === 1);
    expect(uploaded).to.deep.equal(['mine.png']);
    expect(chosen).to.deep.equal(['/uploads/mine.png']);
  });

  it('passes axe on every tab', async () => {
    show();
    await search('sea');
    await until(() => gridButtons().length === 3);
    await expectAccessible(host);
    await click(tab('Images'));
    await until(() => gridButtons().length === 12);
    await expectAccessible(host);
    await click(tab('Upload'));
    await until(() => activePanel().querySelector('[role="button"]'));
    await expectAccessible(host);
  });
});

describe('CoverPickerPopover', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('opens from "Change cover", closes on a choice and passes axe', async () => {
    const chosen: string[] = [];
    flushSync(() =>
      root.render(
        <CoverPickerPopover
          searchUnsplash={() => Promise.resolve([])}
          listCovers={() => Promise.resolve(COVERS.slice(0, 4))}
          upload={() => Promise.resolve('/x.png')}
          onSelect={(url) => chosen.push(url)}
          unsplashConfigured={false}
        />,
      ),
    );
    const trigger = [...host.querySelectorAll('button')].find((button) => button.textContent === 'Change cover')!;
    await click(trigger);
    const popup = () => document.querySelector<HTMLElement>('[role="dialog"]');
    await until(() => popup() && popup()!.querySelectorAll('ul button').length === 4);
    expect(popup()!.getAttribute('aria-label')).to.equal('Choose a cover image');
    await expectAccessible(popup()!);
    await click(popup()!.querySelectorAll('ul button')[2]);
    await until(() => popup() === null);
    expect(chosen).to.deep.equal([COVERS[2]]);
  });
});

describe('requestErrorText', () => {
  it("prefers the server's text, then the error message, then the generic text", () => {
    expect(requestErrorText({ error: 'No key' })).to.equal('No key');
    expect(requestErrorText(new Error('Offline'))).to.equal('Offline');
    expect(requestErrorText({})).to.equal('Something went wrong. Please try again.');
  });
});
