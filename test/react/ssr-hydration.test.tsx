/**
 * A server-rendered `<RichEditor>` in the page: its text shows before the element is
 * defined, and defining the element and hydrating React over it keeps one copy of the
 * content, the same box, the same DOM node, and logs nothing. The server markup comes
 * from the wrapper's server path (src/react/server.ts), which this file imports without
 * defining `<rich-editor>`; the wrapper (which defines it) is imported afterwards.
 */
import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { serverRichEditor } from '../../src/react/server.js';
import type { RichEditorElement } from '../../src/react/index.js';

declare global {
  interface Window {
    __ssrPwned?: boolean;
  }
}

const VALUE =
  '<h2>Plan</h2><p>First <strong>bold</strong> line <b onclick="window.__ssrPwned = true">click</b></p><p></p>' +
  '<ul><li><p>one</p></li><li><p>two<br></p></li></ul><blockquote><p>a quote</p></blockquote>' +
  '<script>window.__ssrPwned = true</script><p><a href="javascript:window.__ssrPwned = true">last</a></p>';

function Page({ editors }: { editors: (props: { value: string; readOnly: boolean; 'aria-label': string }) => React.ReactElement[] }) {
  return <main>{editors({ value: VALUE, readOnly: true, 'aria-label': 'Viewer' })}</main>;
}

async function frames(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

const countOf = (text: string, part: string) => text.split(part).length - 1;

describe('server-rendered <RichEditor> hydrates', function () {
  this.timeout(20_000);
  let root: Root | null = null;
  let container: HTMLDivElement;

  after(() => {
    root?.unmount();
    container?.remove();
  });

  it('shows the cleaned content before upgrade, then upgrades and hydrates in place with the same size', async () => {
    expect(customElements.get('rich-editor') === undefined, 'the element is not defined yet').to.equal(true);
    const props = (readOnly: boolean, label: string) => ({ value: VALUE, readOnly, 'aria-label': label });
    const markup = renderToString(
      <Page editors={() => [<div key="v">{serverRichEditor('rich-editor', props(true, 'Viewer'))}</div>, <div key="e">{serverRichEditor('rich-editor', props(false, 'Editor'))}</div>]} />,
    );
    container = document.createElement('div');
    container.style.width = '480px';
    document.body.appendChild(container);
    // As the page's parser does: the template becomes the element's shadow root.
    container.setHTMLUnsafe(markup);
    const elements = Array.from(container.querySelectorAll('rich-editor')) as RichEditorElement[];
    // Measured as a reader first sees it: after the frames in which content-visibility finds the blocks on screen.
    await frames(2);
    expect(elements.length).to.equal(2);
    const boxes = elements.map((el) => el.getBoundingClientRect());
    for (const el of elements) {
      expect(el.children.length, 'no light children').to.equal(0);
      expect(el.shadowRoot !== null, 'a declarative shadow root').to.equal(true);
      expect(el.shadowRoot!.textContent).to.contain('First bold line click');
      // The live editor's class for it is not there yet: the server's CSS keeps the second block laid out by its place (a WebKit crash).
      const blocks = el.shadowRoot!.querySelector('.content')!.children;
      expect(getComputedStyle(blocks[1]).contentVisibility, 'the second block').to.equal('visible');
      expect(getComputedStyle(blocks[2]).contentVisibility, 'the third block').to.equal('auto');
    }
    expect(boxes[0].height).to.be.above(100);
    // A click and keys before the script runs type nothing the upgrade would then drop: the first
    // paint is not editable (it used to take the keys, and the live editor rendered the value over them).
    const line = elements[1].shadowRoot!.querySelector('.content p')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(line.left + 4), Math.round(line.top + line.height / 2)] });
    await sendKeys({ type: 'EARLY' });
    expect(elements[1].shadowRoot!.textContent, 'nothing typed into the first paint').not.to.contain('EARLY');

    // The client: the wrapper's module defines the element (every one upgrades now), then React hydrates.
    const { RichEditor } = await import('../../src/react/index.js');
    expect(customElements.get('rich-editor') !== undefined).to.equal(true);
    await Promise.all(elements.map((el) => el.updateComplete));
    const errors: unknown[] = [];
    const refs: Array<RichEditorElement | null> = [null, null];
    const hydrated = new Promise<void>((resolve) => {
      const set = (i: number) => (el: RichEditorElement | null) => {
        refs[i] = el;
        if (refs[0] && refs[1]) resolve();
      };
      root = hydrateRoot(
        container,
        <Page editors={() => [<div key="v"><RichEditor ref={set(0)} {...props(true, 'Viewer')} /></div>, <div key="e"><RichEditor ref={set(1)} {...props(false, 'Editor')} /></div>]} />,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    await hydrated;
    await frames(2);
    await Promise.all(elements.map((el) => el.updateComplete));

    expect(errors.length, `hydration errors: ${errors.map(String).join('; ')}`).to.equal(0);
    expect(refs[0] === elements[0] && refs[1] === elements[1], 'React adopted the server-rendered elements').to.equal(true);
    elements.forEach((el, i) => {
      const shadow = el.shadowRoot!;
      expect(shadow.querySelectorAll('.content').length, 'one content box').to.equal(1);
      expect(countOf(shadow.textContent ?? '', 'First bold line'), 'the content shows once').to.equal(1);
      expect(el.editorView !== null, 'the live editor runs').to.equal(true);
      const box = el.getBoundingClientRect();
      expect(box.height, `editor ${i}: height after upgrade`).to.equal(boxes[i].height);
      expect(box.width, `editor ${i}: width after upgrade`).to.equal(boxes[i].width);
    });
    expect(elements[0].readonly).to.equal(true);
    expect(elements[0].shadowRoot!.querySelector('.content')!.getAttribute('contenteditable')).to.equal('false');
    expect(elements[1].shadowRoot!.querySelector('.content')!.getAttribute('contenteditable')).to.equal('true');
    expect(window.__ssrPwned).to.equal(undefined);
  });
});
