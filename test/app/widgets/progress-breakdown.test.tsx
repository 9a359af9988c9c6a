import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { centre, expectAccessible } from '../../helpers/element-ui.js';
import { ProgressBreakdown, percent, type Distribution } from '../../../src/app/widgets/progress-breakdown/index.js';
import { until } from '../../helpers/until.js';

const DISTRIBUTION: Distribution = {
  assignees: [
    { assignee_id: 'u1', display_name: 'Bo', avatar: null, completed_issues: 2, total_issues: 3 },
    { assignee_id: null, display_name: null, avatar: null, completed_issues: 0, total_issues: 4 },
  ],
  labels: [
    { label_id: 'l1', label_name: 'bug', color: '#ff0000', completed_issues: 1, total_issues: 1 },
    { label_id: null, label_name: null, color: null, completed_issues: 1, total_issues: 6 },
  ],
  states: { backlog: 1, unstarted: 2, started: 3, completed: 3, cancelled: 1 },
};

describe('percent', () => {
  it('rounds to whole percents and is 0 with nothing to count', () => {
    expect(percent(2, 3)).to.equal(67);
    expect(percent(1, 6)).to.equal(17);
    expect(percent(0, 0)).to.equal(0);
    expect(percent(5, 5)).to.equal(100);
  });
});

describe('<ProgressBreakdown>', () => {
  let host: HTMLDivElement;
  let root: Root;
  let saved: string | null;

  const render = () => flushSync(() => root.render(<ProgressBreakdown distribution={DISTRIBUTION} />));
  const remount = () => {
    root.unmount();
    root = createRoot(host);
    render();
  };
  const tab = (name: string) => [...host.querySelectorAll('[role="tab"]')].find((t) => t.textContent === name) as HTMLElement;
  const selected = () => host.querySelector('[role="tab"][aria-selected="true"]')!.textContent;
  const panel = () => host.querySelector('[role="tabpanel"]:not([hidden])') as HTMLElement;
  const bars = () =>
    [...panel().querySelectorAll('li')].map((row) => {
      const bar = row.querySelector('[role="progressbar"]')!;
      const name = document.getElementById(bar.getAttribute('aria-labelledby')!)!.textContent;
      return [name, Number(bar.getAttribute('aria-valuenow')), row.querySelector('.pb-amount')!.textContent];
    });

  beforeEach(() => {
    saved = localStorage.getItem('tab');
    localStorage.removeItem('tab');
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
    if (saved === null) localStorage.removeItem('tab');
    else localStorage.setItem('tab', saved);
  });

  it('opens on Assignees with a bar and "x of y" per assignee, and No assignee for unassigned issues', () => {
    render();
    expect([...host.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).to.deep.equal(['Assignees', 'Labels', 'States']);
    expect(selected()).to.equal('Assignees');
    expect(bars()).to.deep.equal([
      ['Bo', 67, '2 of 3'],
      ['No assignee', 0, '0 of 4'],
    ]);
    // Nobody is not a person: an empty-person icon, not an avatar with the initials "NA".
    const nobody = [...panel().querySelectorAll('.pb-row')].find((row) => row.textContent!.startsWith('No assignee'))!;
    expect(nobody.querySelector('.app-avatar')).to.equal(null);
    expect(nobody.querySelector('svg.pb-nobody')!.getAttribute('aria-hidden')).to.equal('true');
    const bar = panel().querySelector('[role="progressbar"]')!;
    expect([bar.getAttribute('aria-valuemin'), bar.getAttribute('aria-valuemax')]).to.deep.equal(['0', '100']);
    expect((panel().querySelector('.pb-fill') as HTMLElement).style.width).to.equal('67%');
  });

  it('ends a name too long for its column in an ellipsis, the whole name its title, clear of the bar', () => {
    const long = 'Alexandria Ocasio-Montgomery-Fitzgerald';
    host.style.width = '320px';
    flushSync(() => root.render(<ProgressBreakdown distribution={{ ...DISTRIBUTION, assignees: [{ ...DISTRIBUTION.assignees[0]!, display_name: long }] }} />));
    const name = [...panel().querySelectorAll<HTMLElement>('.pb-label')].find((label) => label.textContent === long)!;
    expect(name.getAttribute('title')).to.equal(long);
    expect(getComputedStyle(name).textOverflow).to.equal('ellipsis');
    expect(name.scrollWidth, 'cut short').to.be.greaterThan(name.clientWidth);
    const bar = name.closest('li')!.querySelector('[role="progressbar"]')!;
    expect(name.getBoundingClientRect().right).to.be.at.most(bar.getBoundingClientRect().left);
  });

  it('shows labels with No label for unlabelled issues, and remembers the tab under "tab"', async () => {
    render();
    await sendMouse({ type: 'click', position: centre(tab('Labels')) });
    await until(() => selected() === 'Labels', 'the Labels tab opens');
    expect(bars()).to.deep.equal([
      ['bug', 100, '1 of 1'],
      ['No label', 17, '1 of 6'],
    ]);
    expect(getComputedStyle(panel().querySelector('.pb-dot')!).backgroundColor).to.equal('rgb(255, 0, 0)');
    expect(localStorage.getItem('tab')).to.equal('Labels');
  });

  it('counts issues by state group out of all issues', async () => {
    render();
    tab('Assignees').focus();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await until(() => selected() === 'States', 'arrow keys reach the States tab');
    expect(document.activeElement).to.equal(tab('States'));
    expect(bars()).to.deep.equal([
      ['Backlog', 10, '1 of 10'],
      ['Unstarted', 20, '2 of 10'],
      ['Started', 30, '3 of 10'],
      ['Completed', 30, '3 of 10'],
      ['Cancelled', 10, '1 of 10'],
    ]);
    expect(localStorage.getItem('tab')).to.equal('States');
  });

  it('restores the remembered tab on mount and ignores unknown values', () => {
    localStorage.setItem('tab', 'States');
    render();
    expect(selected()).to.equal('States');
    localStorage.setItem('tab', 'Labels');
    remount();
    expect(selected()).to.equal('Labels');
    localStorage.setItem('tab', 'Cycles');
    remount();
    expect(selected()).to.equal('Assignees');
  });

  it('says so when there is nothing to show', async () => {
    flushSync(() =>
      root.render(<ProgressBreakdown distribution={{ assignees: [], labels: [], states: { backlog: 0, unstarted: 0, started: 0, completed: 0, cancelled: 0 } }} />),
    );
    expect(panel().textContent).to.equal('No assignees yet.');
    await sendMouse({ type: 'click', position: centre(tab('States')) });
    await until(() => selected() === 'States', 'the States tab opens');
    expect(bars().map(([, value, amount]) => [value, amount])).to.deep.equal(Array(5).fill([0, '0 of 0']));
  });

  it('passes an accessibility check on every tab', async () => {
    render();
    for (const name of ['Assignees', 'Labels', 'States']) {
      await sendMouse({ type: 'click', position: centre(tab(name)) });
      await until(() => selected() === name, `the ${name} tab opens`);
      await expectAccessible(host);
    }
  });
});
