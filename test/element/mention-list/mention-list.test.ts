import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../src/element/index.js';
import '../../helpers/editing-parts.js';
import '../../../src/element/mention-list/mention-list.js';
import type { RichEditor } from '../../../src/element/index.js';
import { nextTask } from '../../helpers/editor.js';
import { centre, content, expectAccessible, keysThatSettle } from '../../helpers/element-ui.js';
import type { MentionItem, MentionSpecItem } from '../../../src/core/plugins/mention.js';
import type { RichEditorListboxOption } from '../../../src/element/listbox/listbox-option.component.js';
import { until } from '../../helpers/until.js';

function person(id: string, title: string, avatar?: string): MentionSpecItem {
  return { id, title, avatar, entity_identifier: id, entity_name: 'user_mention', redirect_uri: `/people/${id}` };
}

const PEOPLE: MentionSpecItem[] = [
  person('u1', 'Ada Lovelace', '/avatars/ada.png'),
  person('u2', 'Alan Turing', 'javascript:alert(1)'),
  person('u3', 'Barbara Liskov', 'https://127.0.0.1:9/barbara.png'),
];

/**
 * A fake host search: every call waits until `release()` and then answers the people
 * (the core filters them by prefix, as it does with any host's answer).
 */
function heldSearch(people: MentionItem[] = PEOPLE) {
  const waiting: Array<() => void> = [];
  const queries: string[] = [];
  const search = (query: string) => {
    queries.push(query);
    return new Promise<MentionItem[]>((resolve) => waiting.push(() => resolve(people)));
  };
  return { search, queries, release: () => waiting.splice(0).forEach((answer) => answer()) };
}

/** A fake host search that answers in the next task, as a host's asynchronous lookup would. */
function quickSearch(people: MentionItem[] = PEOPLE) {
  return async (_query: string): Promise<MentionItem[]> => {
    await nextTask();
    return people;
  };
}

function list(el: RichEditor) {
  return el.shadowRoot!.querySelector('rich-editor-mention-list')!;
}

function popup(el: RichEditor): HTMLElement | null {
  return list(el).shadowRoot!.querySelector('[part="mention-list"]');
}

function status(el: RichEditor): string {
  return popup(el)!.querySelector('[role="status"]')!.textContent ?? '';
}

function options(el: RichEditor): RichEditorListboxOption[] {
  return Array.from(list(el).querySelectorAll<RichEditorListboxOption>('[role="option"]'));
}

function names(el: RichEditor): string[] {
  return options(el).map((option) => (option.shadowRoot!.textContent ?? '').trim());
}

function selectedName(el: RichEditor): string {
  const selected = options(el).filter((option) => option.getAttribute('aria-selected') === 'true');
  expect(selected.length).to.equal(1);
  return (selected[0].shadowRoot!.textContent ?? '').trim();
}

async function settle(el: RichEditor): Promise<void> {
  await list(el).updateComplete;
}

async function openEditor(search: (query: string) => Promise<MentionItem[]>, value = '<p>Hi </p>'): Promise<RichEditor> {
  const el = await fixture<RichEditor>(html`<rich-editor .value=${value} .mentionSuggestions=${search} aria-label="Notes"></rich-editor>`);
  content(el).focus();
  await sendKeys({ press: 'End' });
  return el;
}

const { type, press } = keysThatSettle(settle);

/** Types a query and waits for the fake host's answer to be shown. */
async function typeAndWait(el: RichEditor, text: string): Promise<void> {
  await type(el, text);
  await until(() => popup(el) !== null && status(el) !== 'Loading...', 'the suggestions');
  await settle(el);
}

function mentionHTML(item: MentionSpecItem): string {
  return (
    `<span data-type="mention" class="mention" data-id="${item.id}" data-label="${item.title}" data-target="users" data-self="false" ` +
    `data-redirect-uri="${item.redirect_uri}" data-entity-identifier="${item.entity_identifier}" data-entity-name="${item.entity_name}">@${item.title}</span>`
  );
}

describe('<rich-editor-mention-list>', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('shows "Loading..." until the host answers, then the people with their avatars', async () => {
    const host = heldSearch();
    const el = await openEditor(host.search);
    await type(el, '@');
    expect(host.queries).to.deep.equal(['']);
    expect(status(el)).to.equal('Loading...');
    expect(options(el).length).to.equal(0);
    expect(content(el).hasAttribute('aria-activedescendant')).to.equal(false);
    host.release();
    await until(() => options(el).length === 3, 'the people listed');
    await settle(el);
    expect(status(el)).to.equal('');
    expect(names(el)).to.deep.equal(['Ada Lovelace', 'Alan Turing', 'Barbara Liskov']);
    const [ada, alan, barbara] = options(el);
    const adaPicture = ada.querySelector('img')!;
    expect(adaPicture.getAttribute('src')).to.equal('/avatars/ada.png');
    expect(adaPicture.getAttribute('alt')).to.equal('');
    // An unsafe address is never loaded: the initial stands in.
    expect(alan.querySelector('img') === null, 'no picture').to.equal(true);
    expect(alan.querySelector('[slot="icon"]')!.textContent).to.equal('A');
    expect(barbara.querySelector('img')!.getAttribute('src')).to.equal('https://127.0.0.1:9/barbara.png');
    expect(list(el).querySelector('[role="listbox"]')!.getAttribute('aria-label')).to.equal('Mention suggestions');
    expect(selectedName(el)).to.equal('Ada Lovelace');
    expect(el.shadowRoot!.getElementById(content(el).getAttribute('aria-activedescendant')!) === ada, 'aria-activedescendant resolves to Ada').to.equal(true);
  });

  it('keeps "Loading..." for a new query while the earlier answers, filtered, stay listed', async () => {
    const host = heldSearch();
    const el = await openEditor(host.search);
    await type(el, '@');
    host.release();
    await until(() => options(el).length === 3);
    await type(el, 'b');
    expect(status(el)).to.equal('Loading...');
    expect(names(el)).to.deep.equal(['Barbara Liskov']);
    host.release();
    await until(() => status(el) === '');
  });

  it('says "No results" when nobody matches the query', async () => {
    const el = await openEditor(quickSearch());
    await typeAndWait(el, '@zed');
    expect(status(el)).to.equal('No results');
    expect(options(el).length).to.equal(0);
    expect(list(el).querySelector('[role="listbox"]') === null, 'no listbox').to.equal(true);
    expect(content(el).hasAttribute('aria-controls')).to.equal(false);
  });

  it('inserts the highlighted person with Enter', async () => {
    const el = await openEditor(quickSearch());
    await typeAndWait(el, '@a');
    expect(names(el)).to.deep.equal(['Ada Lovelace', 'Alan Turing']);
    await press(el, 'ArrowDown');
    expect(selectedName(el)).to.equal('Alan Turing');
    await press(el, 'ArrowDown');
    expect(selectedName(el)).to.equal('Ada Lovelace');
    await press(el, 'ArrowUp');
    expect(selectedName(el)).to.equal('Alan Turing');
    await press(el, 'Enter');
    expect(popup(el) === null, 'no popup').to.equal(true);
    await type(el, 'ok');
    expect(el.getHTML()).to.equal(`<p>Hi ${mentionHTML(PEOPLE[1])} ok</p>`);
  });

  it('highlights the person under the mouse and inserts a clicked one', async () => {
    const el = await openEditor(quickSearch());
    await typeAndWait(el, '@');
    const barbara = options(el)[2];
    await sendMouse({ type: 'move', position: centre(barbara) });
    await settle(el);
    expect(selectedName(el)).to.equal('Barbara Liskov');
    await sendMouse({ type: 'click', position: centre(barbara) });
    await settle(el);
    expect(popup(el) === null, 'no popup').to.equal(true);
    expect(content(el).matches(':focus')).to.equal(true);
    expect(content(el).hasAttribute('aria-activedescendant')).to.equal(false);
    expect(el.getHTML()).to.equal(`<p>Hi ${mentionHTML(PEOPLE[2])} </p>`);
  });

  it('scrolls the highlighted person into view in a long list', async () => {
    const crowd = Array.from({ length: 20 }, (_, i) => person(`p${i}`, `Person ${String(i).padStart(2, '0')}`));
    const el = await openEditor(quickSearch(crowd));
    await typeAndWait(el, '@');
    const surface = popup(el)!;
    expect(surface.scrollHeight).to.be.above(surface.clientHeight);
    await press(el, 'ArrowUp');
    expect(selectedName(el)).to.equal('Person 19');
    expect(surface.scrollTop).to.be.above(0);
    const frame = surface.getBoundingClientRect();
    const last = options(el)[19].getBoundingClientRect();
    expect(last.top).to.be.at.least(frame.top);
    expect(last.bottom).to.be.at.most(frame.bottom);
    await press(el, 'ArrowDown');
    expect(selectedName(el)).to.equal('Person 00');
    expect(options(el)[0].getBoundingClientRect().top).to.be.at.least(frame.top);
  });

  it('near the bottom of the window, moves above the text when the answers make it taller', async () => {
    const host = heldSearch();
    // The text's line about 60px above the window's bottom: room below for "Loading..." only.
    const wrapper = await fixture<HTMLDivElement>(html`<div style="padding-top: calc(100vh - 100px)">
      <rich-editor .value=${'<p>Hi </p>'} .mentionSuggestions=${host.search} aria-label="Notes"></rich-editor>
    </div>`);
    const el = wrapper.querySelector('rich-editor')!;
    content(el).focus();
    await sendKeys({ press: 'End' });
    await type(el, '@');
    const line = () => content(el).querySelector('p')!.getBoundingClientRect();
    const box = () => popup(el)!.getBoundingClientRect();
    const where = () => ({ line: line().toJSON(), popup: box().toJSON(), window: innerHeight });
    expect(line().bottom, 'the line is in the window').to.be.below(innerHeight);
    await until(() => box().top >= line().bottom && box().bottom <= innerHeight, 'the loading list under the line', { saw: where });
    host.release();
    await until(() => options(el).length === 3, 'the people listed');
    await until(() => box().bottom <= line().top && box().bottom > line().top - 30, 'the list just above the line', { saw: where });
  });

  it('closes on Escape and on a press outside, even one that keeps the editor focused', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div>
      <rich-editor .mentionSuggestions=${quickSearch()} aria-label="Notes"></rich-editor>
      <button type="button" style="margin-top: 16rem" @mousedown=${(event: Event) => event.preventDefault()}>Keep focus</button>
    </div>`);
    const el = wrapper.querySelector('rich-editor')!;
    await el.updateComplete;
    content(el).focus();
    await typeAndWait(el, '@');
    await press(el, 'Escape');
    expect(popup(el) === null, 'no popup').to.equal(true);
    expect(el.getHTML()).to.equal('<p>@</p>');
    await press(el, 'Backspace');
    await typeAndWait(el, '@');
    expect(popup(el) !== null, 'the popup is open').to.equal(true);
    await sendMouse({ type: 'click', position: centre(wrapper.querySelector('button')!) });
    await settle(el);
    expect(content(el).matches(':focus')).to.equal(true);
    expect(popup(el) === null, 'no popup').to.equal(true);
    expect(content(el).hasAttribute('aria-activedescendant')).to.equal(false);
  });

  it('is at most about 12rem tall and scrolls', async () => {
    const el = await openEditor(quickSearch());
    await typeAndWait(el, '@');
    const style = getComputedStyle(popup(el)!);
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    expect(style.maxHeight).to.equal(`${12 * rem}px`);
    expect(style.overflowY).to.equal('auto');
  });

  it('passes an axe check while loading and with results, in the light and the dark theme', async () => {
    const host = heldSearch();
    const el = await openEditor(host.search);
    await type(el, '@');
    await expectAccessible(el);
    host.release();
    await until(() => options(el).length === 3);
    await settle(el);
    await expectAccessible(el);
    el.setAttribute('theme', 'dark');
    await expectAccessible(el);
  });
});
