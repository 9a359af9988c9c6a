// Runs in Node (no DOM): the React wrapper must import and render on a server.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

test('the React wrapper imports and renders to a string without a DOM', async () => {
  assert.equal(typeof globalThis.window, 'undefined');
  assert.equal(typeof globalThis.customElements, 'undefined');
  const result = await build({
    entryPoints: ['src/react/index.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    packages: 'external',
    logLevel: 'silent',
  });
  // Inside the project so the bundle's bare imports resolve from node_modules.
  const dir = mkdtempSync(join(process.cwd(), '.test-results', 'ssr-'));
  try {
    const file = join(dir, 'react.mjs');
    writeFileSync(file, result.outputFiles[0].text);
    const { RichEditor } = await import(pathToFileURL(file).href);
    const React = await import('react');
    const { renderToString } = await import('react-dom/server');
    const markup = renderToString(React.createElement(RichEditor, { value: '<p>x</p>', readOnly: true }));
    assert.match(markup, /^<rich-editor/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Server rendering of the built wrapper (dist/react), with and without a DOM for parsing.
const MALICIOUS = '<p>Hello <strong>world</strong><img src=x onerror="alert(1)"></p><script>alert(2)</script><p><a href="javascript:alert(3)">link</a></p>';

async function renderWrapper(props) {
  const { RichEditor } = await import('../../dist/react/index.js');
  const React = await import('react');
  const { renderToString } = await import('react-dom/server');
  return renderToString(React.createElement(RichEditor, props));
}

/** The element's shadow root content as the server wrote it, read with linkedom. */
async function shadowOf(markup) {
  const { DOMParser } = await import('linkedom');
  const page = new DOMParser().parseFromString(`<!doctype html><html><body>${markup}</body></html>`, 'text/html');
  const element = page.querySelector('rich-editor');
  const template = element.querySelector('template[shadowrootmode="open"]');
  assert.ok(template, 'the element holds a declarative shadow root');
  const box = new DOMParser().parseFromString(`<!doctype html><html><body>${template.innerHTML}</body></html>`, 'text/html');
  return { element, content: box.querySelector('.content') };
}

test('server-rendered content is cleaned and the readonly state shows', async () => {
  const { setDOMImplementation } = await import('../../dist/core/index.js');
  const { DOMParser } = await import('linkedom');
  const previous = setDOMImplementation({ DOMParser });
  try {
    const markup = await renderWrapper({ value: MALICIOUS, readOnly: true, className: 'notes', onChange: () => {} });
    const { element, content } = await shadowOf(markup);
    assert.equal(element.getAttribute('readonly'), '');
    assert.equal(element.getAttribute('class'), 'notes');
    assert.equal(content.getAttribute('contenteditable'), 'false');
    assert.equal(content.getAttribute('aria-readonly'), 'true');
    assert.equal(content.innerHTML, '<p>Hello <strong>world</strong></p><img width="35%" src="x" style="width: 35%; height: auto;"><p>link</p>');
    // Nothing that runs survives anywhere in the shadow root's markup.
    const template = markup.slice(markup.indexOf('<template'));
    assert.doesNotMatch(template, /<script|onerror|javascript:/i);
    // The value attribute is text: escaped by React, read and cleaned by the element on upgrade.
    assert.doesNotMatch(markup.slice(0, markup.indexOf('<template')), /<(?!rich-editor)/);
  } finally {
    setDOMImplementation(previous);
  }
});

test('an editable server-rendered editor is not editable until the live editor runs, and is not read-only', async () => {
  const { setDOMImplementation } = await import('../../dist/core/index.js');
  const { DOMParser } = await import('linkedom');
  const previous = setDOMImplementation({ DOMParser });
  try {
    const { element, content } = await shadowOf(await renderWrapper({ value: '<h2>Title</h2><p>a<br>b<br></p>', 'aria-label': 'Notes' }));
    assert.equal(element.hasAttribute('readonly'), false);
    // Typing into the first paint before the script ran was lost when the live editor took over.
    assert.equal(content.getAttribute('contenteditable'), 'false');
    assert.equal(content.hasAttribute('aria-readonly'), false);
    assert.equal(content.getAttribute('aria-label'), 'Notes');
    // As ProseMirror's view shows it: a text block ending in a break gets the view's trailing break.
    assert.equal(content.innerHTML, '<h2>Title</h2><p>a<br>b<br><br class="ProseMirror-trailingBreak"></p>');
  } finally {
    setDOMImplementation(previous);
  }
});

test("the first paint's to-do boxes are disabled until the live editor runs, and named as it names them", async () => {
  const { setDOMImplementation } = await import('../../dist/core/index.js');
  const { fr } = await import('../../dist/locales/fr.js');
  const { DOMParser } = await import('linkedom');
  const previous = setDOMImplementation({ DOMParser });
  try {
    const value = '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>Ship</p></li><li data-type="taskItem" data-checked="false"><p>Tell &lt;input type="checkbox"&gt;</p></li></ul>';
    const { content } = await shadowOf(await renderWrapper({ value }));
    const boxes = [...content.querySelectorAll('input')];
    // A box ticked before the script ran was unticked when the live editor took over (it renders the value).
    assert.deepEqual(boxes.map((box) => [box.type, box.hasAttribute('disabled'), box.hasAttribute('checked'), box.getAttribute('aria-label')]), [
      ['checkbox', true, true, 'Done'],
      ['checkbox', true, false, 'Done'],
    ]);
    // Text that reads as a tag stays text.
    assert.equal(content.querySelectorAll('p')[1].textContent, 'Tell <input type="checkbox">');
    const french = await shadowOf(await renderWrapper({ value, strings: fr }));
    assert.deepEqual([...french.content.querySelectorAll('input')].map((box) => box.getAttribute('aria-label')), ['Terminé', 'Terminé']);
  } finally {
    setDOMImplementation(previous);
  }
});

test('without a DOM the server writes an empty content box, never the unparsed value', async () => {
  assert.equal(globalThis.document, undefined);
  const markup = await renderWrapper({ value: MALICIOUS, readOnly: true });
  const { content } = await shadowOf(markup);
  assert.equal(content.innerHTML, '');
  assert.doesNotMatch(markup.slice(markup.indexOf('<template')), /<script|onerror|<img|Hello/i);
});

test('the wrapper streams through renderToPipeableStream', async () => {
  const { RichEditor } = await import('../../dist/react/index.js');
  const React = await import('react');
  const { renderToPipeableStream } = await import('react-dom/server');
  const { Writable } = await import('node:stream');
  const markup = await new Promise((resolve, reject) => {
    let out = '';
    const sink = new Writable({ write: (chunk, _encoding, done) => ((out += chunk), done()) });
    sink.on('finish', () => resolve(out));
    const stream = renderToPipeableStream(React.createElement('main', null, React.createElement(RichEditor, { value: '', readOnly: true })), {
      onAllReady: () => stream.pipe(sink),
      onError: reject,
    });
  });
  const { element, content } = await shadowOf(markup);
  assert.equal(element.getAttribute('readonly'), '');
  // An empty value is the empty document: one empty paragraph, as the editor shows it.
  assert.equal(content.innerHTML, '<p><br class="ProseMirror-trailingBreak"></p>');
});

test("the server-rendered styles are the element's own, without those of what only the live editor's parts draw", async () => {
  const markup = await renderWrapper({ value: '', readOnly: true });
  const style = /<style>([\s\S]*?)<\/style>/.exec(markup.slice(markup.indexOf('<template')))?.[1] ?? '';
  // The content's own rules and the theme's properties are there…
  assert.match(style, /\.content/);
  assert.match(style, /--rich-editor-/);
  // …but not the block views' syntax colours, table editing's resize handle or the gap cursor's blink: nothing server-rendered has them.
  for (const mark of ['--_hl-keyword', '.column-resize-handle', 're-gapcursor-blink']) assert.ok(!style.includes(mark), `${mark} is not written`);
});
