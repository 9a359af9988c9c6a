import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { AppDialog } from '../../../src/app/ui/dialog.js';
import { IssuePickerDialog, type PickerIssue } from '../../../src/app/widgets/issue-picker/index.js';
import { LinkDialog, type LinkInput } from '../../../src/app/widgets/link-dialog/index.js';
import { focusReturnsTo, until } from '../../helpers/until.js';
import { click } from '../shell/input.js';

const ISSUES: PickerIssue[] = [
  { id: 'i1', name: 'Fix login redirect', sequence_id: 1, state_id: 's1', project_id: 'p1', project__identifier: 'WEB', state__color: '#3f76ff' },
];

/** The open dialog titled `title`. */
const dialogTitled = (title: string) =>
  [...document.querySelectorAll<HTMLElement>('[role="dialog"][data-state="open"]')].find(
    (dialog) => document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent === title,
  ) ?? null;
const buttonIn = (dialog: HTMLElement, text: string) => [...dialog.querySelectorAll('button')].find((button) => button.textContent === text)!;

/** What the pointer would hit at the centre of `element`'s box. */
function hitAtCentreOf(element: Element): Element | null {
  const box = element.getBoundingClientRect();
  return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
}

describe('a widget dialog opened from an app dialog', () => {
  let host: HTMLDivElement;
  let root: Root;
  let links: LinkInput[];
  let picked: PickerIssue[][];

  /** An app dialog (as the create-issue dialog is) whose buttons open the link dialog and the issue picker. */
  function Harness() {
    const [linking, setLinking] = useState(false);
    const [picking, setPicking] = useState(false);
    return (
      <>
        <AppDialog open onOpenChange={() => {}} title="Edit issue" description="Change the issue.">
          <button type="button" onClick={() => setLinking(true)}>
            Add link
          </button>
          <button type="button" onClick={() => setPicking(true)}>
            Add existing issues
          </button>
        </AppDialog>
        <LinkDialog open={linking} onOpenChange={setLinking} onSubmit={async (input) => void links.push(input)} canCreate canEdit />
        <IssuePickerDialog open={picking} onOpenChange={setPicking} search={async () => ISSUES} onSubmit={(issues) => void picked.push(issues)} />
      </>
    );
  }

  const render = async () => {
    flushSync(() => root.render(<Harness />));
    return until(() => dialogTitled('Edit issue'), 'the app dialog opens');
  };

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    links = [];
    picked = [];
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('shows the link dialog on top, covering the app dialog, and gives it the keys', async () => {
    const appDialog = await render();
    const opener = buttonIn(appDialog, 'Add link');
    await click(opener);
    const linkDialog = await until(() => dialogTitled('Add link'), 'the link dialog opens');

    // The pointer reaches the link dialog at its centre, and the app dialog's button lies under the overlay.
    await until(() => linkDialog.contains(hitAtCentreOf(linkDialog)), 'the link dialog is on top', { saw: () => hitAtCentreOf(linkDialog) });
    expect(appDialog.contains(hitAtCentreOf(opener)), 'the app dialog is covered').to.equal(false);

    // Its first field has the focus; typing and Enter go to it, not to the app dialog.
    await until(() => linkDialog.contains(document.activeElement), 'focus in the link dialog');
    await sendKeys({ type: 'https://example.com/spec' });
    await sendKeys({ press: 'Enter' });
    await until(() => links.length === 1, 'the link is added');
    expect(links).to.deep.equal([{ url: 'https://example.com/spec', title: null }]);
    await until(() => !dialogTitled('Add link'), 'the link dialog closes');
    expect(dialogTitled('Edit issue')).to.equal(appDialog);
    await focusReturnsTo(opener, 'the app dialog\'s "Add link"');
  });

  it('lets the issue picker take clicks, and Escape closes only the picker', async () => {
    const appDialog = await render();
    const opener = buttonIn(appDialog, 'Add existing issues');
    await click(opener);
    const picker = await until(() => dialogTitled('Add issues'), 'the picker opens');
    await until(() => picker.contains(hitAtCentreOf(picker)), 'the picker is on top', { saw: () => hitAtCentreOf(picker) });

    // A real click lands only on what the pointer hits there: the picker's checkbox.
    const checkbox = await until(() => picker.querySelector<HTMLInputElement>('input[type="checkbox"]'), 'the search results');
    await click(checkbox);
    await until(() => checkbox.checked, 'the click selects the issue');

    await sendKeys({ press: 'Escape' });
    await until(() => !dialogTitled('Add issues'), 'Escape closes the picker');
    expect(dialogTitled('Edit issue'), 'the app dialog stays open').to.equal(appDialog);
    expect(picked).to.deep.equal([]);
    await focusReturnsTo(opener, 'the app dialog\'s "Add existing issues"');
  });
});
