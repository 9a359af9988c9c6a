import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { expectAccessible } from '../../helpers/element-ui.js';
import type { Notification } from '../../../src/app/ui/toasts.js';
import { BulkDeleteDialog, type ListedIssue } from '../../../src/app/widgets/bulk-delete/index.js';
import { until } from '../../helpers/until.js';
import { click } from '../shell/input.js';
import { settled } from '../shell/timing.js';

const ISSUES: ListedIssue[] = [
  { id: 'i1', name: 'Fix login redirect', sequence_id: 1, state_id: 's1', project_id: 'p1', project__identifier: 'WEB', state__color: '#ff0000' },
  { id: 'i2', name: 'Add dark theme', sequence_id: 2, state_id: 's2', project_id: 'p1', project__identifier: 'WEB', state__color: '#00ff00' },
  { id: 'i3', name: 'Write release notes', sequence_id: 12, state_id: 's1', project_id: 'p1', project__identifier: 'WEB', state__color: '#ff0000' },
];

const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;
const search = () => dialog()!.querySelector('input[type="search"]') as HTMLInputElement;
const rows = () => [...dialog()!.querySelectorAll('li')];
const rowText = () => rows().map((row) => row.textContent);
const checkbox = (key: string) => rows().find((row) => row.textContent!.startsWith(key))!.querySelector('input') as HTMLInputElement;
const button = (text: string) => [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement;
const alert = () => dialog()!.querySelector('[role="alert"]');

describe('<BulkDeleteDialog>', () => {
  let host: HTMLDivElement;
  let root: Root;
  let toasts: Notification[];
  let deleted: string[][];
  let openChanges: boolean[];
  let answer: () => Promise<void>;

  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <BulkDeleteDialog
        open={open}
        onOpenChange={(next) => {
          openChanges.push(next);
          setOpen(next);
        }}
        issues={ISSUES}
        onDelete={(ids) => {
          deleted.push(ids);
          return answer();
        }}
        notify={(toast) => toasts.push(toast)}
      />
    );
  }

  const render = async () => {
    flushSync(() => root.render(<Harness />));
    await until(() => dialog() !== null, 'the dialog opens');
  };
  const typeSearch = async (text: string) => {
    search().focus();
    await sendKeys({ type: text });
  };
  const clearSearch = async () => {
    search().focus();
    search().select();
    await sendKeys({ press: 'Backspace' });
  };

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    toasts = [];
    deleted = [];
    openChanges = [];
    answer = () => Promise.resolve();
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('lists each issue with its key and a dot in its state colour', async () => {
    await render();
    expect(document.getElementById(dialog()!.getAttribute('aria-labelledby')!)!.textContent).to.equal('Delete issues');
    expect(rowText()).to.deep.equal(['WEB-1Fix login redirect', 'WEB-2Add dark theme', 'WEB-12Write release notes']);
    expect([...dialog()!.querySelectorAll('.app-checklist-key')].map((key) => key.textContent)).to.deep.equal(['WEB-1', 'WEB-2', 'WEB-12']);
    const dots = [...dialog()!.querySelectorAll('.app-checklist-dot')].map((dot) => getComputedStyle(dot).backgroundColor);
    expect(dots).to.deep.equal(['rgb(255, 0, 0)', 'rgb(0, 255, 0)', 'rgb(255, 0, 0)']);
    expect(dialog()!.textContent).to.contain('0 selected');
  });

  it('filters by name or by key, ignoring case, and says when nothing matches', async () => {
    await render();
    await typeSearch('DARK');
    await until(() => rows().length === 1, 'the name filter applies');
    expect(rowText()).to.deep.equal(['WEB-2Add dark theme']);
    await clearSearch();
    await typeSearch('web-1');
    await until(() => rows().length === 2, 'the key filter applies');
    expect(rowText()).to.deep.equal(['WEB-1Fix login redirect', 'WEB-12Write release notes']);
    await typeSearch('zz');
    await until(() => rows().length === 0, 'nothing matches');
    expect(dialog()!.textContent).to.contain('No issues found');
  });

  it('toggles issues with Space and keeps the selection while the search changes', async () => {
    await render();
    checkbox('WEB-1').focus();
    await sendKeys({ press: ' ' });
    await until(() => checkbox('WEB-1').checked, 'Space checks the issue');
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(checkbox('WEB-2'));
    await sendKeys({ press: ' ' });
    await sendKeys({ press: ' ' });
    await until(() => !checkbox('WEB-2').checked, 'Space unchecks the issue again');
    expect(dialog()!.textContent).to.contain('1 selected');

    await typeSearch('notes');
    await until(() => rows().length === 1, 'the filter applies');
    await click(checkbox('WEB-12'));
    await until(() => dialog()!.textContent!.includes('2 selected'), 'a click selects too');
    await clearSearch();
    await until(() => rows().length === 3, 'all issues show again');
    expect([checkbox('WEB-1').checked, checkbox('WEB-2').checked, checkbox('WEB-12').checked]).to.deep.equal([true, false, true]);
  });

  it('refuses to submit with nothing selected', async () => {
    await render();
    await click(button('Delete selected issues'));
    await until(() => alert() !== null, 'the error shows');
    expect(alert()!.textContent).to.equal('Please select at least one issue.');
    expect(dialog()!.querySelector('fieldset')!.getAttribute('aria-describedby')).to.equal(alert()!.id);
    expect(deleted).to.deep.equal([]);
    expect(toasts).to.deep.equal([]);
    await expectAccessible(dialog()!);
    await click(checkbox('WEB-2'));
    await until(() => alert() === null, 'choosing an issue clears the error');
  });

  it('does not submit when Enter is pressed in the search box', async () => {
    await render();
    await click(checkbox('WEB-1'));
    await typeSearch('fix');
    await sendKeys({ press: 'Enter' });
    await settled();
    expect(deleted).to.deep.equal([]);
    expect(dialog()).to.not.equal(null);
  });

  it('deletes the selected issues, shows the success toast and closes', async () => {
    let finish!: () => void;
    answer = () => new Promise<void>((resolve) => (finish = resolve));
    await render();
    await click(checkbox('WEB-1'));
    await click(checkbox('WEB-12'));
    await click(button('Delete selected issues'));
    await until(() => deleted.length === 1, 'onDelete is called');
    expect(deleted[0]).to.deep.equal(['i1', 'i3']);
    expect(button('Deleting…').disabled).to.equal(true);
    finish();
    await until(() => dialog() === null, 'the dialog closes');
    expect(toasts).to.deep.equal([{ type: 'success', title: 'Success!', message: 'Issues deleted successfully!' }]);
    expect(openChanges).to.deep.equal([false]);
  });

  it('keeps the dialog and the selection when deleting fails', async () => {
    answer = () => Promise.reject(new Error('offline'));
    await render();
    await click(checkbox('WEB-2'));
    await click(button('Delete selected issues'));
    await until(() => toasts.length === 1, 'the error toast is shown');
    expect(toasts).to.deep.equal([{ type: 'error', title: 'Error!', message: 'Something went wrong. Please try again.' }]);
    expect(dialog()).to.not.equal(null);
    expect(checkbox('WEB-2').checked).to.equal(true);
    await until(() => !button('Delete selected issues').disabled, 'the button can be used again');
    answer = () => Promise.resolve();
    await click(button('Delete selected issues'));
    await until(() => dialog() === null, 'the retry succeeds');
    expect(deleted).to.deep.equal([['i2'], ['i2']]);
  });

  it('closes on Escape and starts afresh when opened again', async () => {
    await render();
    await click(checkbox('WEB-1'));
    await typeSearch('fix');
    await sendKeys({ press: 'Escape' });
    await until(() => dialog() === null, 'Escape closes the dialog');
    expect(openChanges).to.deep.equal([false]);
    flushSync(() => root.render(<div />));
    await render();
    expect(search().value).to.equal('');
    expect(checkbox('WEB-1').checked).to.equal(false);
  });

  it('passes an accessibility check', async () => {
    await render();
    await click(checkbox('WEB-1'));
    await expectAccessible(dialog()!);
  });
});
