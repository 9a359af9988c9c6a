/**
 * Pasting HTML on a page whose Content-Security-Policy forbids inline script
 * (`script-src 'self'`) must not make the browser compile any handler the markup
 * carries: each compile attempt is a violation report sent to the site's owner. This
 * file puts such a policy on its page (a policy cannot be lifted again, so it has the
 * file to itself).
 */
import { expect } from '@open-wc/testing';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { editingPlugins } from '../../../src/core/editor-state.js';
import { parseHTML, serializeHTML } from '../../../src/core/index.js';
import { clipboardEvent } from '../../helpers/clipboard.js';
import { until } from '../../helpers/until.js';

/** Pastes through a real `paste` ClipboardEvent on the editor's DOM, as a browser delivers it. */
function paste(view: EditorView, html: string, text = ''): void {
  const transfer = new DataTransfer();
  transfer.setData('text/html', html);
  if (text) transfer.setData('text/plain', text);
  view.dom.dispatchEvent(clipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
}

/** Elements whose inline handler a test runs on purpose, to mark a point in the page's reports. */
const markers = new WeakSet<EventTarget>();

/**
 * Waits until every violation the page would report for what happened so far has been
 * reported: an inline handler of the test's own is refused, and reports are events fired in
 * order, each in a task of its own, so once that one has arrived, every one queued before it
 * has too. (The HTML parser checks the policy for each handler as it parses it, whatever
 * document it parses into, so a paste that lets one reach it is reported by then.)
 */
async function reportsDelivered(): Promise<void> {
  const marker = document.body.appendChild(document.createElement('button'));
  markers.add(marker);
  let reported = false;
  const onMarker = (event: SecurityPolicyViolationEvent) => (reported ||= event.target === marker);
  document.addEventListener('securitypolicyviolation', onMarker);
  try {
    marker.setAttribute('onclick', 'void 0');
    marker.click();
    await until(() => reported, "the report of the test's own inline handler");
  } finally {
    document.removeEventListener('securitypolicyviolation', onMarker);
    marker.remove();
  }
}

describe('paste under a strict Content-Security-Policy', () => {
  const violations: string[] = [];
  const onViolation = (event: SecurityPolicyViolationEvent) => {
    if (!markers.has(event.target!)) violations.push(`${event.violatedDirective}: ${event.sample || event.blockedURI}`);
  };
  let view: EditorView;

  before(() => {
    const meta = document.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    meta.content = "script-src 'self'";
    document.head.appendChild(meta);
    document.addEventListener('securitypolicyviolation', onViolation);
  });

  after(() => document.removeEventListener('securitypolicyviolation', onViolation));

  beforeEach(() => {
    violations.length = 0;
    const place = document.body.appendChild(document.createElement('div'));
    view = new EditorView(place, { state: EditorState.create({ doc: parseHTML('<p></p>'), plugins: editingPlugins() }) });
  });

  afterEach(() => {
    const place = view.dom.parentElement;
    view.destroy();
    place?.remove();
  });

  it('is in force on this page: an inline handler in the page is reported', async () => {
    const button = document.body.appendChild(document.createElement('button'));
    button.setAttribute('onclick', 'window.__inlineRan = true');
    button.click();
    await until(() => violations.length > 0, 'the policy reports inline handlers');
    button.remove();
    expect((window as { __inlineRan?: boolean }).__inlineRan).to.equal(undefined);
  });

  it('reports nothing when pasted HTML carries handlers, and keeps the text', async () => {
    paste(
      view,
      '<p onclick="alert(1)">Hello <b onmouseover="alert(2)">world</b><img src="x" onerror="alert(3)"></p>' +
        '<svg onload="alert(4)"><a xlink:href="javascript:alert(5)">svg</a></svg><div onpointerenter="alert(6)">last</div>',
    );
    await reportsDelivered();
    expect(violations).to.deep.equal([]);
    expect(serializeHTML(view.state.doc)).to.equal('<p>Hello <strong>world</strong></p><p>svg</p><p>last</p>');
  });

  it('reports nothing for handlers inside a table pasted from a spreadsheet', async () => {
    paste(view, '<meta charset="utf-8"><table><tr><td onmouseover="alert(1)">a</td><td><img src="y" onerror="alert(2)">b</td></tr></table>');
    await reportsDelivered();
    expect(violations).to.deep.equal([]);
    expect(serializeHTML(view.state.doc)).to.contain('<td><p>a</p></td><td><p>b</p></td>');
  });
});
