import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { expectAccessible } from '../../helpers/element-ui.js';
import { IssuePickerDialog, type IssueSearchParams, type PickerIssue } from '../../../src/app/widgets/issue-picker/index.js';
import { SEARCH_DEBOUNCE_MS } from '../../../src/app/ui/debounce.js';
import { until } from '../../helpers/until.js';
import { click } from '../shell/input.js';
import { advance, fakeClock, restoreClock, settled } from '../shell/timing.js';

const issue = (id: string, identifier: string, sequence: number, name: string): PickerIssue => ({
  id,
  name,
  sequence_id: sequence,
  state_id: 's1',
  project_id: identifier === 'WEB' ? 'p1' : 'p2',
  project__identifier: identifier,
  state__color: '#3f76ff',
});
const PROJECT = [issue('i1', 'WEB', 1, 'Fix login redirect'), issue('i2', 'WEB', 2, 'Add dark theme')];
const WORKSPACE = [...PROJECT, issue('i9', 'API', 7, 'Rate limit login')];

interface Call {
  params: IssueSearchParams;
  resolve(issues: PickerIssue[]): void;
  reject(error: Error): void;
}

const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;
const search = () => dialog()!.querySelector('input[type="search"]') as HTMLInputElement;
const toggle = () => dialog()!.querySelector('[role="switch"]') as HTMLButtonElement;
const rows = () => [...dialog()!.querySelectorAll('.app-checklist-list li')].map((row) => row.textContent);
const checkbox = (key: string) =>
  [...dialog()!.querySelectorAll('.app-checklist-list li')].find((row) => row.textContent!.startsWith(key))!.querySelector('input') as HTMLInputElement;
const button = (text: string) => [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement;
const status = () => dialog()!.querySelector('[role="status"]')?.textContent ?? null;
const alert = () => dialog()!.querySelector('[role="alert"]')?.textContent ?? null;

describe('<IssuePickerDialog>', () => {
  let host: HTMLDivElement;
  let root: Root;
  let calls: Call[];
  let submitted: PickerIssue[][];
  let openChanges: boolean[];
  let autoAnswer: boolean;
  let submitAnswer: () => Promise<void>;

  /** Answers like the server: by name or key, in the project or the whole workspace. */
  function answer(params: IssueSearchParams): PickerIssue[] {
    const needle = params.search.toLowerCase();
    return (params.workspace_search ? WORKSPACE : PROJECT).filter(
      (item) => item.name.toLowerCase().includes(needle) || `${item.project__identifier}-${item.sequence_id}`.toLowerCase().includes(needle),
    );
  }

  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <IssuePickerDialog
        open={open}
        onOpenChange={(next) => {
          openChanges.push(next);
          setOpen(next);
        }}
        // A new function on every render, as hosts often pass.
        search={(params) =>
          new Promise<PickerIssue[]>((resolve, reject) => {
            calls.push({ params, resolve, reject });
            if (autoAnswer) resolve(answer(params));
          })
        }
        onSubmit={(issues) => {
          submitted.push(issues);
          return submitAnswer();
        }}
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
    calls = [];
    submitted = [];
    openChanges = [];
    autoAnswer = true;
    submitAnswer = () => Promise.resolve();
  });
  afterEach(() => {
    root.unmount();
    host.remove();
    restoreClock();
  });

  it('searches at once on opening and shows Loading… until the answer comes', async () => {
    autoAnswer = false;
    await render();
    await until(() => calls.length === 1, 'the first search runs');
    expect(calls[0].params).to.deep.equal({ search: '', workspace_search: false });
    expect(status()).to.equal('Loading…');
    calls[0].resolve(PROJECT);
    await until(() => rows().length === 2, 'the results show');
    expect(rows()).to.deep.equal(['WEB-1Fix login redirect', 'WEB-2Add dark theme']);
    expect(status()).to.equal(null);
  });

  it('debounces typing by 500 ms and searches once with the whole text', async () => {
    const clock = fakeClock();
    await render();
    await until(() => rows().length === 2, 'the first results show');
    const searched = () => calls.map((call) => call.params.search);
    // Each key starts the wait again: a pause shorter than the delay between two keys searches nothing.
    await typeSearch('lo');
    await advance(clock, SEARCH_DEBOUNCE_MS - 1);
    await typeSearch('g');
    await advance(clock, SEARCH_DEBOUNCE_MS - 1);
    expect(searched(), 'no search until typing has rested 500 ms').to.deep.equal(['']);
    clock.tick(1);
    await until(() => calls.length === 2, 'the debounced search runs', { saw: searched });
    expect(calls[1].params).to.deep.equal({ search: 'log', workspace_search: false });
    await until(() => rows().length === 1, 'the results narrow', { saw: rows });
    expect(rows()).to.deep.equal(['WEB-1Fix login redirect']);
    await advance(clock, SEARCH_DEBOUNCE_MS);
    expect(searched()).to.deep.equal(['', 'log']);
  });

  it('says No issues found when the search finds nothing', async () => {
    await render();
    await typeSearch('nothing like it');
    await until(() => status() === 'No issues found', 'the empty state shows', 3000);
    expect(rows()).to.deep.equal([]);
  });

  it('has a labelled workspace-level search switch that widens the search', async () => {
    await render();
    await until(() => rows().length === 2, 'the first results show');
    expect(toggle().getAttribute('aria-checked')).to.equal('false');
    const label = document.getElementById(toggle().getAttribute('aria-labelledby')!)!;
    expect(label.textContent).to.equal('Workspace-level search');
    toggle().focus();
    await sendKeys({ press: ' ' });
    await until(() => toggle().getAttribute('aria-checked') === 'true', 'Space turns the switch on');
    await until(() => calls.length === 2, 'the workspace search runs at once');
    expect(calls[1].params).to.deep.equal({ search: '', workspace_search: true });
    await until(() => rows().length === 3, 'the workspace results show');
    expect(rows()[2]).to.equal('API-7Rate limit login');
    await click(toggle());
    await until(() => toggle().getAttribute('aria-checked') === 'false', 'a click turns it off');
    await until(() => calls.length === 3 && rows().length === 2, 'the project search runs again');
    expect(calls[2].params.workspace_search).to.equal(false);
  });

  it('toggles each issue and keeps the selection across searches', async () => {
    await render();
    await until(() => rows().length === 2, 'the first results show');
    checkbox('WEB-2').focus();
    await sendKeys({ press: ' ' });
    await until(() => checkbox('WEB-2').checked, 'Space selects the issue');
    await click(toggle());
    await typeSearch('rate');
    await until(() => rows().length === 1, 'the new search narrows to one issue');
    await click(checkbox('API-7'));
    await until(() => checkbox('API-7').checked, 'a click selects the issue');
    expect(dialog()!.textContent).to.contain('2 selected');
    expect([...dialog()!.querySelectorAll('.ip-chip')].map((chip) => chip.getAttribute('aria-label'))).to.deep.equal(['Remove WEB-2', 'Remove API-7']);

    await clearSearch();
    await until(() => rows().length === 3, 'all workspace issues show');
    expect([checkbox('WEB-1').checked, checkbox('WEB-2').checked, checkbox('API-7').checked]).to.deep.equal([false, true, true]);
    await click(checkbox('API-7'));
    await until(() => !checkbox('API-7').checked, 'a second click unselects it');
    await click(checkbox('WEB-1'));
    await click(button('Add selected issues'));
    await until(() => openChanges.length === 1, 'the dialog closes');
    expect(submitted).to.deep.equal([[WORKSPACE[1], WORKSPACE[0]]]);
    expect(openChanges).to.deep.equal([false]);
  });

  it('refuses to submit with nothing selected', async () => {
    await render();
    await until(() => rows().length === 2, 'the first results show');
    await click(button('Add selected issues'));
    await until(() => alert() !== null, 'the error shows');
    expect(alert()).to.equal('Please select at least one issue.');
    expect(submitted).to.deep.equal([]);
    await expectAccessible(dialog()!);
    await click(checkbox('WEB-1'));
    await until(() => alert() === null, 'choosing an issue clears the error');
  });

  it('shows only the latest search when answers arrive out of order', async () => {
    autoAnswer = false;
    await render();
    await until(() => calls.length === 1, 'the first search runs');
    await typeSearch('dark');
    await until(() => calls.length === 2, 'the second search runs');
    calls[1].resolve([PROJECT[1]]);
    await until(() => rows().length === 1, 'the latest answer shows');
    calls[0].resolve(PROJECT);
    await settled();
    expect(rows()).to.deep.equal(['WEB-2Add dark theme']);
  });

  it('keeps the last results listed, and a choice made in them, while the next search runs', async () => {
    autoAnswer = false;
    await render();
    await until(() => calls.length === 1, 'the first search runs');
    calls[0].resolve(PROJECT);
    await until(() => rows().length === 2, 'the first results show');
    const busy = () => dialog()!.querySelector('fieldset')!.getAttribute('aria-busy');
    expect(busy()).to.equal('false');
    const [leaving, staying] = dialog()!.querySelectorAll('.app-checklist-list li');
    await typeSearch('dark');
    await until(() => calls.length === 2, 'the next search runs');
    // The search starts in the same effect that marks the list busy; the render follows.
    await until(() => busy() === 'true', 'the list says it is busy', { saw: busy });
    // Not "Loading…": the rows stay where the pointer is.
    expect(rows()).to.deep.equal(['WEB-1Fix login redirect', 'WEB-2Add dark theme']);
    expect(status()).to.equal(null);
    await click(checkbox('WEB-2'));
    await until(() => checkbox('WEB-2').checked, 'a click during the search selects the issue');
    calls[1].resolve([PROJECT[1]]);
    await until(() => rows().length === 1, 'the answer replaces the list');
    expect(busy()).to.equal('false');
    expect(checkbox('WEB-2').checked).to.equal(true);
    expect(dialog()!.textContent).to.contain('1 selected');
    // The issue listed in both answers keeps its row; the one that left took its row with it.
    expect(leaving.isConnected).to.equal(false);
    // Compared as a boolean: a failing comparison of React-owned elements is very slow to print.
    expect(dialog()!.querySelector('.app-checklist-list li') === staying, 'WEB-2 keeps its row').to.equal(true);
  });

  it('says Loading… again when the last search found nothing to keep', async () => {
    autoAnswer = false;
    await render();
    await until(() => calls.length === 1, 'the first search runs');
    calls[0].resolve([]);
    await until(() => status() === 'No issues found', 'the empty state shows');
    await typeSearch('fix');
    await until(() => calls.length === 2, 'the next search runs');
    // The search starts in the same effect that marks the list loading; the render follows.
    await until(() => status() === 'Loading…', 'Loading… shows', { saw: status });
    calls[1].resolve([PROJECT[0]]);
    await until(() => rows().length === 1, 'the answer shows');
  });

  it('says so when the search fails, and keeps the dialog open when submitting fails', async () => {
    autoAnswer = false;
    await render();
    await until(() => calls.length === 1, 'the first search runs');
    calls[0].reject(new Error('offline'));
    await until(() => alert() === 'Something went wrong. Please try again.', 'the search error shows');

    autoAnswer = true;
    await typeSearch('fix');
    await until(() => rows().length === 1, 'a later search works');
    await click(checkbox('WEB-1'));
    submitAnswer = () => Promise.reject(new Error('offline'));
    await click(button('Add selected issues'));
    await until(() => alert() === 'Something went wrong. Please try again.', 'the submit error shows');
    expect(dialog()).to.not.equal(null);
    expect(checkbox('WEB-1').checked).to.equal(true);
    expect(openChanges).to.deep.equal([]);
  });

  it('passes an accessibility check', async () => {
    await render();
    await until(() => rows().length === 2, 'the first results show');
    await click(checkbox('WEB-1'));
    await expectAccessible(dialog()!);
  });
});
