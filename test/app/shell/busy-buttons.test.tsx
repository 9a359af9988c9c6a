/**
 * A button at work (a dialog's submit while its request runs) keeps keyboard focus and takes no
 * second press: a disabled button would drop focus on the page's body, out of the dialog, and the
 * next Tab would start over from the top of the page.
 */
import { expect } from '@open-wc/testing';
import { nextFrame } from '../../helpers/editor.js';
import { gate } from './fake-api.js';
import { click, press, typeInto } from './input.js';
import { button, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const PROJECTS = '/workspaces/acme/projects';

describe('busy buttons', () => {
  afterEach(cleanup);

  it("a dialog's submit keeps focus while it works, takes no second press or Enter, and answers once it is done", async () => {
    const { api } = seededApi();
    let held = gate();
    api.on('POST', '/workspaces/:slug/projects', async () => {
      await held.opened;
      return reply(409, { error: 'This project identifier is already used in the workspace.' });
    });
    const app = renderApp('/acme/projects', { api });
    await click(await until(() => button(app.container, 'Create project'), 'the Create project button'));
    const form = await until(() => dialog(), 'the dialog');
    await typeInto(field(form, 'Name'), 'Mobile App');
    const submit = button(form, 'Create project')!;
    submit.focus();
    await press('Enter');
    await until(() => api.sent('POST', PROJECTS).length === 1, 'the request');
    await until(() => submit.getAttribute('aria-busy') === 'true', 'the button busy');
    expect(document.activeElement, 'focus stays on the button').to.equal(submit);
    expect(submit.getAttribute('aria-disabled')).to.equal('true');

    // Pressed again, with the keys and the mouse, and Enter in a field of the form: nothing is sent.
    await press('Enter');
    await press(' ');
    await click(submit);
    await typeInto(field(form, 'Name'), '!');
    await press('Enter');
    await nextFrame();
    expect(api.sent('POST', PROJECTS), 'one request').to.have.length(1);

    held.open();
    await until(() => form.textContent?.includes('This project identifier is already used in the workspace.'), 'the refusal in the dialog');
    await until(() => !submit.hasAttribute('aria-busy'), 'the button at rest');
    expect(dialog(), 'the dialog stays').to.equal(form);
    held = gate();
    submit.focus();
    await press('Enter');
    await until(() => api.sent('POST', PROJECTS).length === 2, 'the second request, once the first is answered');
    held.open();
  });
});
