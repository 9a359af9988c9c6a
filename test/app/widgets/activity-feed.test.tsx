import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { expectAccessible } from '../../helpers/element-ui.js';
import { isolated } from '../../../src/app/ui/bidi.js';
import {
  ACTIVITY_FIELDS,
  ActivityFeed,
  activitySentence,
  HIDDEN_ISSUE_TEXT,
  relativeTime,
  sentenceText,
  type ActivityRow,
  type SentencePart,
} from '../../../src/app/widgets/activity-feed/index.js';
import { activityRows } from './activity-rows.js';

const NOW = new Date('2025-03-10T12:00:00Z');

/** A row of issue WEB-3 "Fix login" in project p1 of workspace acme, by Bo (u1). */
const row = activityRows({ id: 'i1', name: 'Fix login', sequence_id: 3 }, { id: 'u1', name: 'Bo' });

const say = (changes: Partial<ActivityRow>, showIssue = false) => sentenceText(activitySentence(row(changes), { showIssue }));
const links = (changes: Partial<ActivityRow>, showIssue = false) =>
  activitySentence(row(changes), { showIssue })
    .filter((part): part is SentencePart & { href: string } => Boolean(part.href))
    .map((part) => [part.text, part.href]);

describe('activitySentence', () => {
  it('adds and removes assignees, linking actor and assignee to their profiles', () => {
    const addedRow = { field: 'assignees', old_value: '', new_value: 'Al', new_identifier: 'u2' };
    expect(say(addedRow)).to.equal('Bo added a new assignee Al.');
    expect(links(addedRow)).to.deep.equal([
      ['Bo', '/acme/profile/u1'],
      ['Al', '/acme/profile/u2'],
    ]);
    const removedRow = { field: 'assignees', old_value: 'Al', new_value: '', old_identifier: 'u2' };
    expect(say(removedRow)).to.equal('Bo removed the assignee Al.');
    expect(links(removedRow)[1]).to.deep.equal(['Al', '/acme/profile/u2']);
  });

  it('archives and restores', () => {
    expect(say({ field: 'archived_at', old_value: '', new_value: '2025-03-10T10:00:00.000Z' })).to.equal('Bo archived the issue.');
    expect(say({ field: 'archived_at', old_value: '2025-03-10T10:00:00.000Z', new_value: 'restore' })).to.equal('Bo restored the issue.');
  });

  it('tells attachments uploaded, updated and removed apart by the verb', () => {
    expect(say({ field: 'attachment', verb: 'created', new_value: 'plan.pdf' })).to.equal('Bo uploaded a new attachment.');
    expect(say({ field: 'attachment', verb: 'updated', old_value: 'a', new_value: 'b' })).to.equal('Bo updated an attachment.');
    expect(say({ field: 'attachment', verb: 'deleted', old_value: 'plan.pdf' })).to.equal('Bo removed an attachment.');
  });

  it('updates the description and the name', () => {
    expect(say({ field: 'description', old_value: '1', new_value: '2' })).to.equal('Bo updated the description.');
    expect(say({ field: 'name', old_value: 'Fix', new_value: 'Fix login' })).to.equal('Bo set the name to Fix login.');
  });

  it('sets and removes the estimate point', () => {
    expect(say({ field: 'estimate_point', old_value: '', new_value: '5' })).to.equal('Bo set the estimate point to 5.');
    expect(say({ field: 'estimate_point', old_value: '5', new_value: '' })).to.equal('Bo removed the estimate point.');
  });

  it('creates and deletes the issue, naming it with a link or as deleted', () => {
    const created = { field: 'issue', verb: 'created' as const, new_value: 'Fix login' };
    expect(say(created)).to.equal('Bo created the issue WEB-3 Fix login.');
    expect(links(created)[1]).to.deep.equal(['WEB-3 Fix login', '/acme/projects/p1/issues/i1']);
    expect(say({ field: 'issue', verb: 'deleted', old_value: 'Fix login', issue_detail: null })).to.equal('Bo deleted the issue.');
    expect(say({ ...created, issue_detail: null })).to.equal('Bo created the issue. This issue has been deleted.');
    // Its deletion undone.
    expect(say({ field: 'issue', verb: 'updated', new_value: 'Fix login' })).to.equal('Bo restored the issue WEB-3 Fix login.');
  });

  it('tells the inbox steps: filed, accepted, declined, snoozed until a day and marked as a duplicate', () => {
    expect(say({ field: 'intake', verb: 'created', old_value: null, new_value: 'pending' })).to.equal('Bo filed this issue in the inbox.');
    expect(say({ field: 'intake', old_value: 'pending', new_value: 'accepted' })).to.equal('Bo accepted this issue from the inbox.');
    expect(say({ field: 'intake', old_value: 'snoozed', new_value: 'declined' })).to.equal('Bo declined this issue.');
    expect(say({ field: 'snoozed_till', old_value: '', new_value: '2025-03-10T12:00:00.000Z' })).to.equal('Bo snoozed this issue until Mar 10, 2025.');
    expect(say({ field: 'duplicate', old_value: '', new_value: 'WEB-1', new_identifier: 'i9' })).to.equal('Bo marked this issue as a duplicate of WEB-1.');
  });

  it('adds and removes labels', () => {
    expect(say({ field: 'labels', old_value: '', new_value: 'bug', new_identifier: 'l1' })).to.equal('Bo added a new label bug.');
    expect(say({ field: 'labels', old_value: 'bug', new_value: '', old_identifier: 'l1' })).to.equal('Bo removed the label bug.');
  });

  it('shows a link created, updated or removed by the verb, opening the URL in a new tab', () => {
    expect(say({ field: 'link', verb: 'created', old_value: null, new_value: 'https://example.com/a' })).to.equal('Bo created the link https://example.com/a.');
    expect(say({ field: 'link', verb: 'updated', old_value: 'https://example.com/a', new_value: 'https://example.com/b' })).to.equal(
      'Bo updated the link https://example.com/b.',
    );
    expect(say({ field: 'link', verb: 'deleted', old_value: 'https://example.com/b', new_value: null })).to.equal('Bo removed the link https://example.com/b.');
    const parts = activitySentence(row({ field: 'link', verb: 'created', new_value: 'https://example.com/a' }));
    expect(parts.find((part) => part.text === 'https://example.com/a')).to.deep.equal({ text: 'https://example.com/a', href: 'https://example.com/a', external: true, given: true });
    expect(links({ field: 'link', verb: 'created', new_value: 'javascript:alert(1)' })).to.deep.equal([['Bo', '/acme/profile/u1']]);
  });

  it('shows a cycle added, moved or removed by the verb, linking to the cycle page', () => {
    const created = { field: 'cycles', verb: 'created' as const, old_value: null, new_value: 'Sprint 1', new_identifier: 'c1' };
    expect(say(created)).to.equal('Bo added this issue to the cycle Sprint 1.');
    expect(links(created)[1]).to.deep.equal(['Sprint 1', '/acme/projects/p1/cycles/c1']);
    const updated = { field: 'cycles', verb: 'updated' as const, old_value: 'Sprint 1', old_identifier: 'c1', new_value: 'Sprint 2', new_identifier: 'c2' };
    expect(say(updated)).to.equal('Bo moved this issue to the cycle Sprint 2.');
    expect(links(updated)[1]).to.deep.equal(['Sprint 2', '/acme/projects/p1/cycles/c2']);
    const deleted = { field: 'cycles', verb: 'deleted' as const, old_value: 'Sprint 2', old_identifier: 'c2', new_value: null };
    expect(say(deleted)).to.equal('Bo removed this issue from the cycle Sprint 2.');
    expect(links(deleted)[1]).to.deep.equal(['Sprint 2', '/acme/projects/p1/cycles/c2']);
  });

  it('shows a module added, moved or removed, linking to the module page', () => {
    const created = { field: 'modules', verb: 'created' as const, old_value: null, new_value: 'Auth', new_identifier: 'm1' };
    expect(say(created)).to.equal('Bo added this issue to the module Auth.');
    expect(links(created)[1]).to.deep.equal(['Auth', '/acme/projects/p1/modules/m1']);
    expect(say({ field: 'modules', verb: 'updated', old_value: 'Auth', new_value: 'Billing', new_identifier: 'm2' })).to.equal('Bo moved this issue to the module Billing.');
    const deleted = { field: 'modules', verb: 'deleted' as const, old_value: 'Auth', old_identifier: 'm1', new_value: null };
    expect(say(deleted)).to.equal('Bo removed this issue from the module Auth.');
    expect(links(deleted)[1]).to.deep.equal(['Auth', '/acme/projects/p1/modules/m1']);
  });

  it('sets, replaces and removes the parent, linking to the parent issue', () => {
    const set = { field: 'parent', old_value: '', new_value: 'WEB-1', new_identifier: 'i0' };
    expect(say(set)).to.equal('Bo set the parent to WEB-1.');
    expect(links(set)[1]).to.deep.equal(['WEB-1', '/acme/projects/p1/issues/i0']);
    const replaced = { field: 'parent', old_value: 'WEB-1', old_identifier: 'i0', new_value: 'WEB-2', new_identifier: 'i2' };
    expect(say(replaced)).to.equal('Bo set the parent to WEB-2.');
    expect(links(replaced)[1]).to.deep.equal(['WEB-2', '/acme/projects/p1/issues/i2']);
    const removed = { field: 'parent', old_value: 'WEB-2', old_identifier: 'i2', new_value: '' };
    expect(say(removed)).to.equal('Bo removed the parent WEB-2.');
    expect(links(removed)[1]).to.deep.equal(['WEB-2', '/acme/projects/p1/issues/i2']);
  });

  it('sets and removes the priority', () => {
    expect(say({ field: 'priority', old_value: 'none', new_value: 'urgent' })).to.equal('Bo set the priority to Urgent.');
    expect(say({ field: 'priority', old_value: 'urgent', new_value: 'none' })).to.equal('Bo removed the priority.');
  });

  it('adds and removes each kind of relation by the old value', () => {
    const cases: [string, string, string][] = [
      ['relates_to', 'Bo marked this issue as related to API-7.', 'Bo removed the relation to API-7.'],
      ['blocking', 'Bo marked this issue as blocking API-7.', 'Bo removed the blocking relation to API-7.'],
      ['blocked_by', 'Bo marked this issue as blocked by API-7.', 'Bo removed the blocked-by relation to API-7.'],
      ['duplicate', 'Bo marked this issue as a duplicate of API-7.', 'Bo removed the duplicate relation to API-7.'],
    ];
    for (const [field, addedText, removedText] of cases) {
      expect(say({ field, verb: 'created', old_value: '', new_value: 'API-7', new_identifier: 'i9' })).to.equal(addedText);
      expect(say({ field, verb: 'deleted', old_value: 'API-7', new_value: '', old_identifier: 'i9' })).to.equal(removedText);
    }
  });

  it('names an issue the reader cannot open as such, added or removed, without a link', () => {
    const cases: [string, string, string][] = [
      ['relates_to', 'Bo marked this issue as related to an issue you cannot open.', 'Bo removed the relation to an issue you cannot open.'],
      ['blocking', 'Bo marked this issue as blocking an issue you cannot open.', 'Bo removed the blocking relation to an issue you cannot open.'],
      ['blocked_by', 'Bo marked this issue as blocked by an issue you cannot open.', 'Bo removed the blocked-by relation to an issue you cannot open.'],
      ['duplicate', 'Bo marked this issue as a duplicate of an issue you cannot open.', 'Bo removed the duplicate relation to an issue you cannot open.'],
    ];
    for (const [field, addedText, removedText] of cases) {
      const addedRow = { field, verb: 'created' as const, old_value: '', new_value: null, new_hidden: true };
      const removedRow = { field, verb: 'deleted' as const, old_value: null, old_hidden: true, new_value: '' };
      expect(say(addedRow)).to.equal(addedText);
      expect(say(removedRow)).to.equal(removedText);
      expect(links(addedRow)).to.deep.equal([['Bo', '/acme/profile/u1']]);
      expect(links(removedRow)).to.deep.equal([['Bo', '/acme/profile/u1']]);
    }
    expect(HIDDEN_ISSUE_TEXT).to.equal('An issue you cannot open');
  });

  it('sets, replaces and removes a parent the reader cannot open, without a link', () => {
    expect(say({ field: 'parent', old_value: '', new_value: null, new_hidden: true })).to.equal('Bo set the parent to an issue you cannot open.');
    expect(say({ field: 'parent', old_value: null, old_hidden: true, new_value: 'WEB-2', new_identifier: 'i2' })).to.equal('Bo set the parent to WEB-2.');
    expect(say({ field: 'parent', old_value: null, old_hidden: true, new_value: '' })).to.equal('Bo removed the parent an issue you cannot open.');
    expect(links({ field: 'parent', old_value: null, old_hidden: true, new_value: '' })).to.deep.equal([['Bo', '/acme/profile/u1']]);
  });

  it('sets the state', () => {
    expect(say({ field: 'state', old_value: 'Todo', new_value: 'Done', old_identifier: 's1', new_identifier: 's2' })).to.equal('Bo set the state to Done.');
  });

  it('sets and removes the start and target dates, written out', () => {
    expect(say({ field: 'start_date', old_value: '', new_value: '2025-01-05' })).to.equal('Bo set the start date to Jan 5, 2025.');
    expect(say({ field: 'start_date', old_value: '2025-01-05', new_value: '' })).to.equal('Bo removed the start date.');
    expect(say({ field: 'target_date', old_value: '', new_value: '2025-12-31' })).to.equal('Bo set the target date to Dec 31, 2025.');
    expect(say({ field: 'target_date', old_value: '2025-12-31', new_value: '' })).to.equal('Bo removed the target date.');
  });

  it('has its own sentence for every covered field', () => {
    for (const field of ACTIVITY_FIELDS) {
      const text = say({ field, verb: 'created', old_value: '', new_value: 'x', new_identifier: 'id' });
      expect(text, field).to.not.equal('Bo updated the issue.');
    }
    expect(say({ field: null })).to.equal('Bo updated the issue.');
    expect(say({ field: 'comment', verb: 'created', new_value: '<p>Hi</p>' })).to.equal('Bo added a comment.');
  });

  it('names the issue when asked, or says it has been deleted', () => {
    const state = { field: 'state', old_value: 'Todo', new_value: 'Done' };
    expect(say(state, true)).to.equal('Bo set the state of WEB-3 Fix login to Done.');
    expect(links(state, true)[1]).to.deep.equal(['WEB-3 Fix login', '/acme/projects/p1/issues/i1']);
    expect(say({ ...state, issue_detail: null }, true)).to.equal('Bo set the state of an issue to Done. This issue has been deleted.');
    expect(say({ ...state, issue_detail: null })).to.equal('Bo set the state to Done.');
  });

  it('speaks of someone when the actor is unknown', () => {
    expect(say({ field: 'description', actor: null })).to.equal('Someone updated the description.');
    expect(links({ field: 'description', actor: null })).to.deep.equal([]);
  });
});

describe('relativeTime', () => {
  it('says how long ago, in words', () => {
    const ago = (seconds: number) => relativeTime(new Date(NOW.getTime() - seconds * 1000).toISOString(), NOW);
    expect(ago(30)).to.equal('just now');
    expect(ago(5 * 60)).to.equal('5 minutes ago');
    expect(ago(2 * 3600)).to.equal('2 hours ago');
    expect(ago(26 * 3600)).to.equal('yesterday');
    expect(ago(3 * 86400)).to.equal('3 days ago');
    expect(ago(15 * 86400)).to.equal('2 weeks ago');
    expect(ago(65 * 86400)).to.equal('2 months ago');
    expect(ago(400 * 86400)).to.equal('last year');
  });
});

describe('<ActivityFeed>', () => {
  let host: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  const ROWS = [
    row({ field: 'issue', verb: 'created', new_value: 'Fix login', created_at: '2025-03-09T11:00:00Z' }),
    row({ field: 'assignees', old_value: '', new_value: 'Al', new_identifier: 'u2', created_at: '2025-03-10T10:00:00Z' }),
    row({ field: 'cycles', verb: 'created', old_value: null, new_value: 'Sprint 1', new_identifier: 'c1', created_at: '2025-03-10T11:55:00Z' }),
    row({ field: 'link', verb: 'created', old_value: null, new_value: 'https://example.com/a', created_at: '2025-03-10T11:59:50Z' }),
  ];

  it('renders one sentence per row with a grey icon and a relative time', async () => {
    flushSync(() => root.render(<ActivityFeed activities={ROWS} now={NOW} />));
    const items = [...host.querySelectorAll('li')];
    expect(items.map((item) => item.querySelector('p')!.textContent)).to.deep.equal([
      'Bo created the issue WEB-3 Fix login. yesterday',
      'Bo added a new assignee Al. 2 hours ago',
      'Bo added this issue to the cycle Sprint 1. 5 minutes ago',
      'Bo created the link https://example.com/a. just now',
    ]);
    for (const item of items) {
      const icon = item.querySelector('svg')!;
      expect(icon.getAttribute('aria-hidden')).to.equal('true');
      expect(getComputedStyle(icon).color).to.equal('rgb(107, 114, 128)');
    }
    expect(items[1].querySelector('time')!.getAttribute('datetime')).to.equal('2025-03-10T10:00:00Z');
  });

  it("lays out what people typed on its own: an override in a name or a title does not turn the rest of the sentence around", () => {
    // U+202E (right-to-left override) in a display name and in a state's name: unisolated, the
    // words after each would be drawn backwards, "name" left of "set".
    const tricky = row({ field: 'state', new_value: 'Done\u202E', actor: { id: 'u9', display_name: 'Eve\u202E', first_name: 'Eve', is_bot: false, avatar: null } });
    flushSync(() => root.render(<ActivityFeed activities={[tricky]} now={NOW} />));
    const sentence = host.querySelector('.af-sentence')!;
    expect([...sentence.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).to.deep.equal(['Eve\u202E', 'Done\u202E']);
    const left = (word: string) => {
      const node = [...sentence.childNodes].find((child) => child.nodeType === Node.TEXT_NODE && child.textContent!.includes(word))!;
      const range = document.createRange();
      range.setStart(node, node.textContent!.indexOf(word));
      range.setEnd(node, node.textContent!.indexOf(word) + word.length);
      return range.getBoundingClientRect().left;
    };
    expect(left('set')).to.be.below(left('state'));
    const time = sentence.querySelector('time')!.getBoundingClientRect().left;
    expect(sentence.querySelectorAll('bdi')[1]!.getBoundingClientRect().left).to.be.below(time);
  });

  it('isolates a name in a string too, even one that tries to close the isolate early', () => {
    // A stray U+2069 would end the isolate, and the U+202E after it would turn "added" around.
    const line = document.createElement('p');
    line.textContent = `${isolated('Eve\u2069\u202E')} added to ${isolated('Website')}.`;
    host.append(line);
    const text = line.firstChild!;
    const left = (word: string) => {
      const range = document.createRange();
      range.setStart(text, text.textContent!.indexOf(word));
      range.setEnd(text, text.textContent!.indexOf(word) + word.length);
      return range.getBoundingClientRect().left;
    };
    expect(left('added')).to.be.below(left('to'));
    expect(left('Eve')).to.be.below(left('added'));
  });

  it('uses real links with the spec paths, reachable with Tab', async () => {
    flushSync(() => root.render(<ActivityFeed activities={ROWS} now={NOW} />));
    const anchors = [...host.querySelectorAll('a')];
    expect(anchors.map((a) => [a.textContent, a.getAttribute('href')])).to.deep.equal([
      ['Bo', '/acme/profile/u1'],
      ['WEB-3 Fix login', '/acme/projects/p1/issues/i1'],
      ['Bo', '/acme/profile/u1'],
      ['Al', '/acme/profile/u2'],
      ['Bo', '/acme/profile/u1'],
      ['Sprint 1', '/acme/projects/p1/cycles/c1'],
      ['Bo', '/acme/profile/u1'],
      ['https://example.com/a', 'https://example.com/a'],
    ]);
    expect(anchors[7].target).to.equal('_blank');
    expect(anchors[7].rel).to.equal('noopener noreferrer');
    expect(anchors[1].target).to.equal('');
    anchors[0].focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(anchors[1]);
  });

  it('names each issue when showIssue is set, and says when it has been deleted', () => {
    const rows = [row({ field: 'priority', new_value: 'high' }), row({ field: 'priority', new_value: 'low', issue_detail: null })];
    flushSync(() => root.render(<ActivityFeed activities={rows} now={NOW} showIssue />));
    expect([...host.querySelectorAll('li p')].map((p) => p.textContent)).to.deep.equal([
      'Bo set the priority of WEB-3 Fix login to High. 2 hours ago',
      'Bo set the priority of an issue to Low. This issue has been deleted. 2 hours ago',
    ]);
  });

  it('shows a relation to an issue the reader cannot open as plain text', () => {
    const hiddenRow = row({ field: 'relates_to', verb: 'created', old_value: '', new_value: null, new_hidden: true, created_at: '2025-03-10T11:59:50Z' });
    flushSync(() => root.render(<ActivityFeed activities={[hiddenRow]} now={NOW} />));
    const item = host.querySelector('li')!;
    expect(item.querySelector('p')!.textContent).to.equal('Bo marked this issue as related to an issue you cannot open. just now');
    expect([...item.querySelectorAll('a')].map((a) => a.textContent)).to.deep.equal(['Bo']);
  });

  it('says when there is no activity', () => {
    flushSync(() => root.render(<ActivityFeed activities={[]} now={NOW} />));
    expect(host.textContent).to.equal('No activity yet.');
  });

  it('passes an accessibility check', async () => {
    flushSync(() => root.render(<ActivityFeed activities={ROWS} now={NOW} showIssue />));
    await expectAccessible(host);
  });
});
