import { expect } from '@open-wc/testing';
import { AppEditor } from '../../../src/app/editor/app-editor.js';
import { FakeApi } from './fake-api.js';
import { renderScreen, until } from './render.js';
import { settled } from './timing.js';

const IMAGE = '<img src="/api/workspaces/file-assets/w/a1" width="35%">';

describe('AppEditor', () => {
  it('reports images present on creation to restoreFile in an editable editor', async () => {
    const restored: string[] = [];
    const app = renderScreen('/', <AppEditor value={IMAGE} aria-label="Body" restoreFile={(src) => void restored.push(src)} />, '/');
    await until(() => restored.length === 1, 'the restore callback');
    expect(restored).to.deep.equal(['/api/workspaces/file-assets/w/a1']);
    app.unmount();
  });

  it('gives a read-only viewer no file callbacks: a guest restores and deletes nothing', async () => {
    const calls: string[] = [];
    const app = renderScreen(
      '/',
      <AppEditor
        readOnly
        value={IMAGE}
        aria-label="Body"
        restoreFile={(src) => void calls.push(`restore ${src}`)}
        deleteFile={(src) => void calls.push(`delete ${src}`)}
      />,
      '/',
    );
    const element = await until(() => app.container.querySelector('rich-editor'), 'the editor');
    await (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    // The viewer shows the image: an editor reports images to restoreFile as it reads its content.
    await until(() => element.shadowRoot?.querySelector('[role="textbox"] img'), 'the image in the viewer');
    await settled();
    expect(calls).to.deep.equal([]);
    expect((element as unknown as { restoreFile?: unknown }).restoreFile).to.equal(undefined);
    app.unmount();
  });

  it("follows the app's light or dark mode, whatever the system's", async () => {
    const app = renderScreen('/', <AppEditor value="<p>x</p>" aria-label="Body" />, '/', { themeMode: 'dark' });
    const element = (await until(() => app.container.querySelector('rich-editor'), 'the editor')) as HTMLElement & { updateComplete: Promise<unknown> };
    await element.updateComplete;
    expect(element.getAttribute('theme')).to.equal('dark');
    app.unmount();
  });

  it("checks image files against the server's published upload limit, not 5 MB", async () => {
    const api = new FakeApi().on('GET', '/instance', () => ({ file_size_limit: 1048576 }));
    const app = renderScreen('/', <AppEditor value="<p>x</p>" aria-label="Body" />, '/', { api });
    const element = (await until(() => app.container.querySelector('rich-editor'), 'the editor')) as HTMLElement & { maxImageSize: number };
    await until(() => element.maxImageSize === 1048576, 'the server limit reaches the editor');
    app.unmount();
  });
});
