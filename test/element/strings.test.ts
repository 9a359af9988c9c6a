/**
 * `strings`: every word the editor shows or announces comes from one table. With the
 * French locale, every popup (slash menu, mention list, toolbar and its block menu and
 * link field, table menus), the node views' controls, the placeholder and the upload
 * alerts speak French; the table is complete.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { ENGLISH } from '../../src/core/strings.js';
import { fr } from '../../src/locales/fr.js';
import { content } from '../helpers/element-ui.js';
import { button, click, listbox, placedToolbar, selectWithKeys, settle, toolbarRoot, until } from './toolbar/helpers.js';
import { clipboardEvent } from '../helpers/clipboard.js';
import { installFakeClock, type FakeClock } from '../helpers/fake-clock.js';

// The toolbar test runs the toolbar's update window on a fake clock (the other tests keep the real
// one: the mention search and the code block's label wait on it). This top-level hook runs after
// @open-wc/testing's fixture cleanup (registered when it is imported), so the elements leave the
// page while their timers are still on that clock.
let clock: FakeClock | null = null;
afterEach(() => {
  clock?.uninstall();
  clock = null;
});

async function french(value: string): Promise<RichEditor> {
  const wrapper = await fixture<HTMLDivElement>(html`<div style="padding: 30px 0 0 60px; width: 600px"><rich-editor .strings=${fr} .value=${value}></rich-editor></div>`);
  const el = wrapper.querySelector('rich-editor')!;
  await el.updateComplete;
  return el;
}

const textOf = (root: ParentNode | null | undefined) => (root?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('strings', () => {
  it('the French table holds every word the English one has, and no other', () => {
    expect(Object.keys(fr).sort()).to.deep.equal(Object.keys(ENGLISH).sort());
    for (const [key, value] of Object.entries(fr)) expect(value, key).to.be.a('string').and.not.equal('');
    // The placeholders a word fills in are kept.
    for (const key of Object.keys(ENGLISH) as Array<keyof typeof ENGLISH>) {
      expect((fr[key].match(/\{\w+\}/g) ?? []).sort(), key).to.deep.equal((ENGLISH[key].match(/\{\w+\}/g) ?? []).sort());
    }
  });

  it('names the editor and shows the placeholder in French', async () => {
    const el = await french('');
    expect(content(el).getAttribute('aria-label')).to.equal('Éditeur de texte riche');
    expect(content(el).querySelector('p')!.getAttribute('data-placeholder')).to.equal(fr.placeholder);
  });

  it('the slash menu: entries, its name and its empty message, found by French words', async () => {
    const el = await french('<p></p>');
    content(el).focus();
    await sendKeys({ type: '/tit' });
    const menu = el.shadowRoot!.querySelector('rich-editor-slash-menu')!;
    await until(() => !!menu.querySelector('[role="listbox"]'), 'menu open');
    expect(menu.querySelector('[role="listbox"]')!.getAttribute('aria-label')).to.equal('Commandes');
    const titles = Array.from(menu.querySelectorAll('[role="option"]'), (o) => o.shadowRoot!.querySelector('.label')!.textContent);
    expect(titles).to.deep.equal(['Titre 1', 'Titre 2', 'Titre 3']);
    await sendKeys({ type: 'zz' });
    await until(() => textOf(menu.shadowRoot).includes('Aucune commande ne correspond'), 'the empty message');
  });

  it('the mention list: its name, "loading" and "no results"', async () => {
    const el = await french('<p></p>');
    let answer: (items: []) => void = () => undefined;
    el.mentionSuggestions = () => new Promise((resolve) => (answer = resolve));
    content(el).focus();
    await sendKeys({ type: '@zo' });
    const list = el.shadowRoot!.querySelector('rich-editor-mention-list')!;
    await until(() => textOf(list.shadowRoot).includes('Chargement…'), 'loading');
    answer([]);
    await until(() => textOf(list.shadowRoot).includes('Aucun résultat'), 'no results');
  });

  it('the toolbar, its block menu and its link field', async () => {
    const fake = (clock = installFakeClock());
    const el = await french('<h2>Un titre</h2>');
    await selectWithKeys(el, 'titre');
    await settle(el, fake);
    await placedToolbar(el);
    const bar = toolbarRoot(el)!.querySelector('[role="toolbar"]')!;
    expect(bar.getAttribute('aria-label')).to.equal('Mise en forme');
    const names = Array.from(bar.querySelectorAll('button[aria-pressed]'), (b) => b.getAttribute('aria-label'));
    expect(names).to.deep.equal(['Gras', 'Italique', 'Barré', 'Souligné', 'Code']);
    const blockType = button(el, /^Type de bloc/);
    expect(blockType.textContent!.trim()).to.equal('Titre 2');
    expect(blockType.getAttribute('aria-label')).to.equal('Type de bloc: Titre 2');
    await click(blockType);
    await until(() => !!listbox(el), 'block menu open');
    expect(listbox(el)!.getAttribute('aria-label')).to.equal('Type de bloc');
    expect(Array.from(listbox(el)!.querySelectorAll('[role="option"]'), (o) => o.textContent!.trim())).to.deep.equal([
      'Texte', 'Titre 1', 'Titre 2', 'Titre 3', 'Liste de tâches', 'Liste à puces', 'Liste numérotée', 'Citation', 'Code',
    ]);
    await sendKeys({ press: 'Escape' });
    await click(button(el, 'Lien'));
    await until(() => !!toolbarRoot(el)!.querySelector('input[type="url"]'), 'link field open');
    expect(toolbarRoot(el)!.querySelector('input[type="url"]')!.getAttribute('aria-label')).to.equal('Adresse du lien');
  });

  it('the table handles and their menus', async () => {
    const el = await french('<table><tbody><tr><td><p>a</p></td><td><p>b</p></td></tr><tr><td><p>c</p></td><td><p>d</p></td></tr></tbody></table>');
    const cell = content(el).querySelector('td')!.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(cell.left + 20), Math.round(cell.top + 8)] });
    await sendMouse({ type: 'move', position: [Math.round(cell.left + 22), Math.round(cell.top + 10)] });
    const controls = el.shadowRoot!.querySelector('rich-editor-table-controls')!.shadowRoot!;
    await until(() => !!controls.querySelector('button[aria-label="Options de la ligne"]'), 'row handle in French');
    await click(controls.querySelector('button[aria-label="Options de la ligne"]')!);
    await until(() => !!controls.querySelector('[role="menu"]'), 'row menu open');
    const menu = controls.querySelector('[role="menu"]')!;
    expect(menu.getAttribute('aria-label')).to.equal('Options de la ligne');
    const items = textOf(menu);
    for (const word of ['Insérer une ligne au-dessus', 'Supprimer la ligne', "Ligne d'en-tête", 'Couleur', 'Bleu', 'Aucune', 'Supprimer le tableau']) expect(items).to.contain(word);
    await sendKeys({ press: 'Escape' });
  });

  it("the code block's controls and the upload alerts", async () => {
    const el = await french('<pre><code>let a = 1;</code></pre>');
    const header = content(el).querySelector('.code-block-header')!;
    expect(header.querySelector('select')!.getAttribute('aria-label')).to.equal('Langage du code');
    expect(header.querySelector('select')!.selectedOptions[0].textContent).to.equal('Texte brut');
    expect(header.querySelector('button')!.getAttribute('aria-label')).to.equal('Copier le code');
    el.maxImageSize = 1024;
    el.uploadFile = async () => 'https://example.com/x.png';
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(4096)], 'big.png', { type: 'image/png' }));
    content(el).dispatchEvent(clipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    await el.updateComplete;
    expect(textOf(el.shadowRoot!.querySelector('[role="alert"]')!)).to.equal('Fichier trop volumineux. Choisissez un fichier de moins de 1KB.');
    expect(textOf(el.shadowRoot!.querySelector('[part="alert"] button')!)).to.equal('Fermer');
  });
});
