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

/** Pastes through a real `paste` ClipboardEvent on the editor's DOM, as a browser delivers it. */
function paste(view: EditorView, html: string, text = ''): void {
  const transfer = new DataTransfer();
  transfer.setData('text/html', html);
  if (text) transfer.setData('text/plain', text);
  view.dom.dispatchEvent(clipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
}

const waitForReports = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('paste under a strict Content-Security-Policy', () => {
  const violations: string[] = [];
  const onViolation = (event: SecurityPolicyViolationEvent) => violations.push(`${event.violatedDirective}: ${event.sample || event.blockedURI}`);
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
    button.remove();
    await waitForReports();
    expect(violations.length, 'the policy reports inline handlers').to.be.greaterThan(0);
    expect((window as { __inlineRan?: boolean }).__inlineRan).to.equal(undefined);
  });

  it('reports nothing when pasted HTML carries handlers, and keeps the text', async () => {
    paste(
      view,
      '<p onclick="alert(1)">Hello <b onmouseover="alert(2)">world</b><img src="x" onerror="alert(3)"></p>' +
        '<svg onload="alert(4)"><a xlink:href="javascript:alert(5)">svg</a></svg><div onpointerenter="alert(6)">last</div>',
    );
    await waitForReports();
    expect(violations).to.deep.equal([]);
    expect(serializeHTML(view.state.doc)).to.equal('<p>Hello <strong>world</strong></p><p>svg</p><p>last</p>');
  });

  it('reports nothing for handlers inside a table pasted from a spreadsheet', async () => {
    paste(view, '<meta charset="utf-8"><table><tr><td onmouseover="alert(1)">a</td><td><img src="y" onerror="alert(2)">b</td></tr></table>');
    await waitForReports();
    expect(violations).to.deep.equal([]);
    expect(serializeHTML(view.state.doc)).to.contain('<td><p>a</p></td><td><p>b</p></td>');
  });
});
