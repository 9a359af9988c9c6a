import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { project, PROJECT_ID } from './fixtures.js';
import { click, typeInto } from './input.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';

const cover = (colour: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="4" height="2" fill="${colour}"/></svg>`)}`;
const cards = (root: ParentNode) => [...root.querySelectorAll<HTMLAnchorElement>('ul[aria-label="Projects"] > li > a')];
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** Opens the cover picker from `form` and waits until its popup has stopped moving (it is placed a frame after it shows). */
async function openCoverPicker(form: HTMLElement, label: string) {
  await click(button(form, label));
  const popup = await until(() => document.querySelector<HTMLElement>('.cover-picker__popup'), 'the cover picker');
  await heldStill(popup);
  return popup;
}

/**
 * Waits until the popup stays in place from one frame to the next: it is placed again when its
 * content arrives (the covers grow it), which a busy machine may draw a few frames later.
 */
async function heldStill(popup: HTMLElement) {
  let last = '';
  for (let tries = 0; tries < 60; tries++) {
    await frame();
    const box = JSON.stringify(popup.getBoundingClientRect());
    if (box === last) return;
    last = box;
  }
}

const LONG = 'A description long enough to wrap onto many lines in a card of the projects grid, so that a card without the clamp would be far taller than the ones beside it in the same row.';

/** Three projects: one with a cover and a long description, one without either, one with a short description. */
function threeProjects() {
  return seededApi((scene) => {
    scene.projects = [
      project(20, { cover_image: cover('#336699'), description: LONG }),
      project(20, { id: '22222222-2222-4222-8222-222222222222', identifier: 'MOB', name: 'Mobile', description: '' }),
      project(20, { id: '33333333-3333-4333-8333-333333333333', identifier: 'OPS', name: 'Operations and a rather long project name', description: 'Servers' }),
    ];
  });
}

describe('projects screen: project cards', () => {
  afterEach(async () => {
    cleanup();
    await setViewport({ width: 800, height: 600 });
  });

  it('the workspace home shows the same cards under its "Your projects" heading, one level below it', async () => {
    const { api } = threeProjects();
    const app = renderApp('/acme', { api });
    const homeCards = () => [...app.container.querySelectorAll<HTMLAnchorElement>('ul[aria-label="Your projects"] > li > a')];
    await until(() => homeCards().length === 3, 'three cards on the home');
    expect(homeCards().map((card) => card.className)).to.deep.equal(['app-project-card', 'app-project-card', 'app-project-card']);
    const [web, mob] = homeCards();
    expect(web!.querySelector('img')!.getAttribute('src')).to.equal(cover('#336699'));
    expect(mob!.querySelector<HTMLElement>('.app-project-cover')!.style.backgroundImage).to.contain('linear-gradient');
    expect(homeCards().map((card) => card.querySelector('h2, h3')!.localName)).to.deep.equal(['h3', 'h3', 'h3']);
    expect(mob!.querySelector('h3')!.textContent).to.equal('MOBMobile');
    expect(mob!.getAttribute('href')).to.equal(paths.projectIssues('acme', '22222222-2222-4222-8222-222222222222'));
    await expectAccessible(app.container);
  });

  it('shows each project as one link with its cover, identifier, name and description', async () => {
    const { api } = threeProjects();
    const app = renderApp('/acme/projects', { api });
    await until(() => cards(app.container).length === 3, 'three cards');
    for (const card of cards(app.container)) {
      // One link per card, nothing interactive inside it.
      expect(card.querySelectorAll('a, button, input')).to.have.length(0);
      expect(card.closest('li')!.querySelectorAll('a')).to.have.length(1);
    }
    const [web, mob] = cards(app.container);
    const image = web!.querySelector('img')!;
    expect(image.getAttribute('alt')).to.equal('');
    expect(image.getAttribute('src')).to.equal(cover('#336699'));
    expect(web!.textContent).to.contain('WEB').and.contain('Website').and.contain('A description long');
    expect(web!.getAttribute('href')).to.equal(paths.projectIssues('acme', PROJECT_ID));
    // Without a cover, a gradient from the identifier; decorative, so hidden from assistive technology.
    const fallback = mob!.querySelector<HTMLElement>('[data-default-cover]')!;
    expect(getComputedStyle(fallback).backgroundImage).to.contain('linear-gradient');
    expect(fallback.getAttribute('aria-hidden')).to.equal('true');
  });

  it('gives the cards of a row equal heights and clamps a description to two lines', async () => {
    await setViewport({ width: 1440, height: 900 });
    const { api } = threeProjects();
    const app = renderApp('/acme/projects', { api });
    await until(() => cards(app.container).length === 3 && cards(app.container)[0]!.querySelector('img')?.complete, 'three cards');
    const boxes = cards(app.container).map((card) => card.getBoundingClientRect());
    expect(new Set(boxes.map((box) => Math.round(box.top))).size, 'one row').to.equal(1);
    expect(new Set(boxes.map((box) => Math.round(box.height))).size, 'equal heights').to.equal(1);
    const description = cards(app.container)[0]!.querySelector<HTMLElement>('.app-project-description')!;
    const lineHeight = parseFloat(getComputedStyle(description).lineHeight) || 20;
    expect(description.getBoundingClientRect().height).to.be.at.most(lineHeight * 2 + 1);
  });

  it('reaches every card with Tab, shows a focus ring, and opens the project with Enter', async () => {
    const { api } = threeProjects();
    const app = renderApp('/acme/projects', { api });
    await until(() => cards(app.container).length === 3, 'three cards');
    const first = cards(app.container)[0]!;
    button(app.container, 'Create project')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(first);
    expect(getComputedStyle(first).outlineStyle).to.equal('solid');
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(cards(app.container)[1]);
    first.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => app.location() === paths.projectIssues('acme', PROJECT_ID), 'the project issues');
  });

  it('fits the cards in a 390 px wide screen, one per row', async () => {
    await setViewport({ width: 390, height: 844 });
    const { api } = threeProjects();
    const app = renderApp('/acme/projects', { api });
    await until(() => cards(app.container).length === 3, 'three cards');
    const boxes = cards(app.container).map((card) => card.getBoundingClientRect());
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).to.equal(3);
    // The window's own width: 390 px, or WebKitGTK's MiniBrowser's narrowest (447 px).
    for (const box of boxes) expect(box.right).to.be.at.most(window.innerWidth);
    expect(document.documentElement.scrollWidth).to.be.at.most(window.innerWidth);
  });

  for (const themeMode of ['light', 'dark'] as const) {
    it(`passes axe in the ${themeMode} theme`, async () => {
      const { api } = threeProjects();
      const app = renderApp('/acme/projects', { api, themeMode });
      await until(() => cards(app.container).length === 3, 'three cards');
      await expectAccessible(app.container);
    });
  }
});

describe('create project dialog: cover', () => {
  afterEach(cleanup);

  it('sends the chosen cover with the new project', async () => {
    const { api, scene } = seededApi();
    const created = project(20, { id: '77777777-7777-4777-8777-777777777777', name: 'Mobile App', identifier: 'MOBIL', cover_image: cover('#993366') });
    api
      .on('GET', '/instance', () => ({ file_size_limit: 5242880, unsplash_configured: false }))
      .on('GET', '/project-covers', () => [cover('#336699'), cover('#993366')])
      .on('POST', '/workspaces/:slug/projects', () => {
        scene.projects.push(created);
        return reply(201, created);
      });
    const app = renderApp('/acme/projects', { api });
    await until(() => cards(app.container).length === 1, 'the projects');
    await click(button(app.container, 'Create project'));
    const form = await until(() => dialog(), 'the dialog');
    await typeInto(field(form, 'Name'), 'Mobile App');
    expect(form.querySelector('[role="img"][aria-label="Default cover"]')).to.not.equal(null);
    await until(() => app.queryClient.getQueryData(['instance']), 'the instance settings');
    const popup = await openCoverPicker(form, 'Choose a cover');
    // Without an Unsplash key the picker opens on the product's images.
    const images = await until(() => {
      const found = document.querySelectorAll<HTMLElement>('.cover-picker__panel[data-state="active"] button');
      return found.length === 2 ? found : null;
    }, 'the covers');
    await heldStill(popup);
    await click(images[1]!);
    await until(() => {
      const chosen = form.querySelector(`img[alt="Chosen cover"]`);
      // Says what the click did when the cover never comes.
      if (!chosen) throw new Error(`the picker is ${popup.isConnected ? 'open' : 'closed'}, covers pressed: ${[...images].map((image) => image.getAttribute('aria-pressed'))}, focus on ${document.activeElement?.outerHTML.slice(0, 80)}`);
      return chosen;
    }, 'the chosen cover');
    expect(form.querySelector('img[alt="Chosen cover"]')!.getAttribute('src')).to.equal(cover('#993366'));
    expect(button(form, 'Change cover')).to.not.equal(null);
    await expectAccessible(form);
    await click(button(form, 'Create project'));
    await until(() => app.location() === paths.projectIssues('acme', created.id), 'the new project');
    expect(api.sent('POST', '/workspaces/acme/projects')[0]!.body).to.deep.equal({
      name: 'Mobile App',
      identifier: 'MOBIL',
      description: '',
      cover_image: cover('#993366'),
    });
    expect(api.sent('GET', '/unsplash')).to.deep.equal([]);
  });

  it('sends no cover when none was chosen, and forgets a removed one', async () => {
    const { api } = seededApi();
    api
      .on('GET', '/project-covers', () => [cover('#336699')])
      .on('GET', '/unsplash', () => ({ results: [] }))
      .on('POST', '/workspaces/:slug/projects', () => reply(409, { error: 'This project identifier is already used in the workspace.' }));
    const app = renderApp('/acme/projects', { api });
    await until(() => cards(app.container).length === 1, 'the projects');
    await click(button(app.container, 'Create project'));
    const form = await until(() => dialog(), 'the dialog');
    await typeInto(field(form, 'Name'), 'Web');
    const popup = await openCoverPicker(form, 'Choose a cover');
    await click(byText(popup, '.cover-picker__tab-button', 'Images'));
    await click(await until(() => document.querySelector<HTMLElement>('.cover-picker__panel[data-state="active"] button'), 'a cover'));
    await click(await until(() => button(form, 'Remove cover'), 'the remove button'));
    await click(button(form, 'Create project'));
    await until(() => api.sent('POST', '/workspaces/acme/projects').length === 1, 'the request');
    expect(api.sent('POST', '/workspaces/acme/projects')[0]!.body).to.not.have.property('cover_image');
  });
});
