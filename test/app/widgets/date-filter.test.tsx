import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { expectAccessible } from '../../helpers/element-ui.js';
import {
  DATE_MISSING,
  DateFilter,
  START_AFTER_END,
  YEAR_TOO_LONG,
  addMonthsClamped,
  defaultDateFilter,
  type DateFilterValue,
} from '../../../src/app/widgets/date-filter/index.js';
import { toIsoDate } from '../../../src/app/ui/dates.js';
import { focusReturnsTo, until } from '../../helpers/until.js';
import { click, typeDate } from '../shell/input.js';

const byText = <T extends Element>(selector: string, text: string): T | undefined =>
  [...document.querySelectorAll<T>(selector)].find((element) => element.textContent?.trim() === text);
const field = (name: string) =>
  [...document.querySelectorAll('label')].find((label) => label.textContent?.startsWith(name))?.querySelector('input') as HTMLInputElement | undefined;
const popover = () => document.querySelector('[role="dialog"]') as HTMLElement | null;
const apply = () => byText<HTMLButtonElement>('button', 'Apply')!;
const reason = () => popover()?.querySelector('[role="alert"]')?.textContent ?? null;

describe('date filter: default range', () => {
  it('runs from today to the same day next month', () => {
    expect(defaultDateFilter(new Date(2025, 4, 14))).to.deep.equal({ after: '2025-05-14', before: '2025-06-14' });
  });

  it('clamps Jan 31 to the end of February in common and leap years', () => {
    expect(defaultDateFilter(new Date(2023, 0, 31))).to.deep.equal({ after: '2023-01-31', before: '2023-02-28' });
    expect(defaultDateFilter(new Date(2024, 0, 31))).to.deep.equal({ after: '2024-01-31', before: '2024-02-29' });
  });

  it('clamps other month ends and rolls over the year', () => {
    expect(toIsoDate(addMonthsClamped(new Date(2025, 2, 31), 1))).to.equal('2025-04-30');
    expect(toIsoDate(addMonthsClamped(new Date(2025, 11, 31), 1))).to.equal('2026-01-31');
    expect(toIsoDate(addMonthsClamped(new Date(2025, 11, 15), 1))).to.equal('2026-01-15');
  });

  it('formats local days without a time-zone shift', () => {
    expect(toIsoDate(new Date(2025, 0, 1, 0, 30))).to.equal('2025-01-01');
    expect(toIsoDate(new Date(2025, 11, 31, 23, 59))).to.equal('2025-12-31');
  });
});

describe('<DateFilter>', () => {
  let host: HTMLDivElement;
  let root: Root;
  let applied: DateFilterValue[];

  const render = (node: ReactNode) => flushSync(() => root.render(node));
  const trigger = () => host.querySelector('button') as HTMLButtonElement;
  const openWithKeyboard = async () => {
    trigger().focus();
    await sendKeys({ press: 'Enter' });
    await until(() => popover() !== null, 'the popover opens');
  };

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    applied = [];
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('opens from the keyboard on the default range and applies it as after and before', async () => {
    render(<DateFilter today={new Date(2024, 0, 31)} onApply={(value) => applied.push(value)} />);
    expect(trigger().textContent).to.equal('Date: 2024-01-31 to 2024-02-29');
    await openWithKeyboard();
    expect(popover()!.getAttribute('aria-labelledby')).to.not.equal(null);
    expect(document.getElementById(popover()!.getAttribute('aria-labelledby')!)!.textContent).to.equal('Filter by date');
    expect((popover()!.querySelector('input[value="range"]') as HTMLInputElement).checked).to.equal(true);
    expect(field('Start date')!.value).to.equal('2024-01-31');
    expect(field('End date')!.value).to.equal('2024-02-29');
    expect(apply().disabled).to.equal(false);
    await click(apply());
    await until(() => popover() === null, 'the popover closes');
    expect(applied).to.deep.equal([{ after: '2024-01-31', before: '2024-02-29' }]);
    await focusReturnsTo(trigger(), 'the trigger');
  });

  it('disables Apply with a visible reason while the start date is after the end date', async () => {
    render(<DateFilter today={new Date(2025, 4, 14)} onApply={(value) => applied.push(value)} />);
    await openWithKeyboard();
    // An en-US date field takes month, day and year; the slashes move between them in every
    // engine (WebKitGTK does not move on after two digits by itself, Chromium and Firefox do).
    await typeDate(field('Start date')!, '07/01/2025');
    expect(apply().disabled).to.equal(true);
    expect(reason()).to.equal(START_AFTER_END);
    expect(field('Start date')!.getAttribute('aria-invalid')).to.equal('true');
    const described = apply().getAttribute('aria-describedby')!;
    expect(document.getElementById(described)!.textContent).to.equal('The start date cannot be after the end date.');
    await click(apply());
    expect(applied).to.deep.equal([]);

    await typeDate(field('End date')!, '07/01/2025');
    await until(() => !apply().disabled, 'equal dates are a valid range');
    expect(reason()).to.equal(null);
    await sendKeys({ press: 'Enter' });
    await until(() => popover() === null, 'Enter applies the filter');
    expect(applied).to.deep.equal([{ after: '2025-07-01', before: '2025-07-01' }]);
    expect(trigger().textContent).to.equal('Date: 2025-07-01 to 2025-07-01');
  });

  it('emits a single date with its type for before and after', async () => {
    render(<DateFilter today={new Date(2025, 4, 14)} onApply={(value) => applied.push(value)} />);
    await openWithKeyboard();
    await click(byText('label', 'Before')!);
    expect(field('Start date')).to.equal(undefined);
    expect(field('Date')!.value).to.equal('2025-05-14');
    await click(apply());
    await until(() => popover() === null, 'the popover closes');
    expect(applied).to.deep.equal([{ type: 'before', date: '2025-05-14' }]);
    expect(trigger().textContent).to.equal('Date: before 2025-05-14');

    await openWithKeyboard();
    const before = popover()!.querySelector('input[value="before"]') as HTMLInputElement;
    expect(before.checked).to.equal(true);
    before.focus();
    // Arrow keys move through a radio group: before → after.
    await sendKeys({ press: 'ArrowRight' });
    await until(() => (popover()!.querySelector('input[value="after"]') as HTMLInputElement).checked, 'After is chosen');
    await typeDate(field('Date')!, '12/25/2025');
    await click(apply());
    await until(() => popover() === null, 'the popover closes');
    expect(applied[1]).to.deep.equal({ type: 'after', date: '2025-12-25' });
  });

  it('disables Apply while a date is missing', async () => {
    render(<DateFilter defaultValue={{ type: 'after', date: '2025-02-03' }} onApply={(value) => applied.push(value)} />);
    expect(trigger().textContent).to.equal('Date: after 2025-02-03');
    await openWithKeyboard();
    field('Date')!.focus();
    await sendKeys({ press: 'Backspace' });
    await until(() => field('Date')!.value === '', 'the date is cleared');
    expect(apply().disabled).to.equal(true);
    expect(reason()).to.equal(DATE_MISSING);
  });

  it('says a five-digit year is the problem, in a single date and in a range', async () => {
    render(<DateFilter today={new Date(2025, 4, 14)} onApply={(value) => applied.push(value)} />);
    await openWithKeyboard();
    await click(byText('label', 'Before')!);
    const date = field('Date')!;
    // Typing on past four digits makes a date field's year longer (it takes up to six).
    await typeDate(date, '07/01/20255');
    expect(reason()).to.equal(YEAR_TOO_LONG);
    expect(apply().disabled).to.equal(true);
    expect(date.getAttribute('aria-invalid')).to.equal('true');
    await click(byText('label', 'Range')!);
    await typeDate(field('End date')!, '07/01/20255');
    // Not "the start date cannot be after the end date": the year is what is wrong.
    expect(reason()).to.equal(YEAR_TOO_LONG);
    expect(field('End date')!.getAttribute('aria-invalid')).to.equal('true');
    expect(field('Start date')!.hasAttribute('aria-invalid')).to.equal(false);
    await typeDate(field('End date')!, '07/01/2025');
    await until(() => !apply().disabled, 'a four-digit year applies');
    expect(reason()).to.equal(null);
    await expectAccessible(popover()!);
  });

  it('closes on Escape without applying and reopens on the applied filter', async () => {
    render(<DateFilter today={new Date(2025, 4, 14)} onApply={(value) => applied.push(value)} />);
    await openWithKeyboard();
    await click(byText('label', 'After')!);
    await sendKeys({ press: 'Escape' });
    await until(() => popover() === null, 'Escape closes the popover');
    await focusReturnsTo(trigger(), 'the trigger');
    expect(applied).to.deep.equal([]);
    await openWithKeyboard();
    expect((popover()!.querySelector('input[value="range"]') as HTMLInputElement).checked).to.equal(true);
  });

  it('passes an accessibility check, also while showing a problem', async () => {
    render(<DateFilter today={new Date(2025, 4, 14)} onApply={(value) => applied.push(value)} />);
    await expectAccessible(host);
    await openWithKeyboard();
    await expectAccessible(popover()!);
    await typeDate(field('Start date')!, '07/01/2025');
    await until(() => reason() === START_AFTER_END, 'the problem shows');
    await expectAccessible(popover()!);
  });
});
