// The sentences of the feeds that mix issues (the dashboard's recent activity, a person's
// profile): each names its issue where it speaks of it, and a deleted issue as it was.
import { expect } from '@open-wc/testing';
import { PRIORITIES, PRIORITY_NAMES } from '../../../src/api-shapes/issue-priority.js';
import { activitySentence, DELETED_ISSUE_TEXT, sentenceText, type ActivityRow, type SentencePart } from '../../../src/app/widgets/activity-feed/index.js';
import { activityRows } from './activity-rows.js';

/** A row of issue WEB-2 "Fix broken signup link" in project p1 of workspace acme, by Alice (u1). */
const row = activityRows({ id: 'i2', name: 'Fix broken signup link', sequence_id: 2 }, { id: 'u1', name: 'Alice' });

const mixed = (changes: Partial<ActivityRow>) => sentenceText(activitySentence(row(changes), { showIssue: true }));
const own = (changes: Partial<ActivityRow>) => sentenceText(activitySentence(row(changes)));
const links = (changes: Partial<ActivityRow>) =>
  activitySentence(row(changes), { showIssue: true })
    .filter((part): part is SentencePart & { href: string } => Boolean(part.href))
    .map((part) => [part.text, part.href]);
const ISSUE = 'WEB-2 Fix broken signup link';
const DELETED = { issue_detail: null, deleted_issue_detail: { name: 'Fix broken signup link', sequence_id: 2 } };

describe('activitySentence in feeds that mix issues', () => {
  it('makes the issue what the sentence is about: created, deleted, restored, archived', () => {
    expect(mixed({ field: 'issue', verb: 'created', new_value: 'Fix broken signup link' })).to.equal(`Alice created ${ISSUE}.`);
    expect(mixed({ field: 'issue', verb: 'updated', new_value: 'Fix broken signup link' })).to.equal(`Alice restored ${ISSUE}.`);
    expect(mixed({ field: 'archived_at', old_value: '', new_value: '2025-03-10T10:00:00.000Z' })).to.equal(`Alice archived ${ISSUE}.`);
    expect(mixed({ field: 'archived_at', old_value: '2025-03-10T10:00:00.000Z', new_value: 'restore' })).to.equal(`Alice restored ${ISSUE}.`);
    expect(links({ field: 'archived_at', new_value: 'x' })).to.deep.equal([
      ['Alice', '/acme/profile/u1'],
      [ISSUE, '/acme/projects/p1/issues/i2'],
    ]);
  });

  it('names the issue once, where the change is made to it', () => {
    const cases: [Partial<ActivityRow>, string][] = [
      [{ field: 'priority', old_value: 'none', new_value: 'urgent' }, `Alice set the priority of ${ISSUE} to Urgent.`],
      [{ field: 'priority', old_value: 'high', new_value: 'none' }, `Alice removed the priority of ${ISSUE}.`],
      [{ field: 'state', old_value: 'Todo', new_value: 'Done' }, `Alice set the state of ${ISSUE} to Done.`],
      [{ field: 'start_date', old_value: '', new_value: '2025-01-05' }, `Alice set the start date of ${ISSUE} to Jan 5, 2025.`],
      [{ field: 'target_date', old_value: '2025-01-05', new_value: '' }, `Alice removed the target date of ${ISSUE}.`],
      [{ field: 'estimate_point', old_value: '', new_value: '5' }, `Alice set the estimate point of ${ISSUE} to 5.`],
      [{ field: 'description', old_value: 'a', new_value: 'b' }, `Alice updated the description of ${ISSUE}.`],
      [{ field: 'labels', old_value: '', new_value: 'bug', new_identifier: 'l1' }, `Alice added the label bug to ${ISSUE}.`],
      [{ field: 'labels', old_value: 'bug', new_value: '', old_identifier: 'l1' }, `Alice removed the label bug from ${ISSUE}.`],
      [{ field: 'assignees', old_value: '', new_value: 'Bob', new_identifier: 'u2' }, `Alice assigned Bob to ${ISSUE}.`],
      [{ field: 'assignees', old_value: 'Bob', new_value: '', old_identifier: 'u2' }, `Alice unassigned Bob from ${ISSUE}.`],
      [{ field: 'cycles', verb: 'created', old_value: null, new_value: 'Sprint 1', new_identifier: 'c1' }, `Alice added ${ISSUE} to the cycle Sprint 1.`],
      [{ field: 'cycles', verb: 'updated', old_value: 'Sprint 1', new_value: 'Sprint 2', new_identifier: 'c2' }, `Alice moved ${ISSUE} to the cycle Sprint 2.`],
      [{ field: 'modules', verb: 'deleted', old_value: 'Auth', old_identifier: 'm1', new_value: null }, `Alice removed ${ISSUE} from the module Auth.`],
      [{ field: 'parent', old_value: '', new_value: 'WEB-1', new_identifier: 'i1' }, `Alice set the parent of ${ISSUE} to WEB-1.`],
      [{ field: 'parent', old_value: 'WEB-1', old_identifier: 'i1', new_value: '' }, `Alice removed the parent WEB-1 from ${ISSUE}.`],
      [{ field: 'relates_to', verb: 'created', old_value: '', new_value: 'WEB-3', new_identifier: 'i3' }, `Alice marked ${ISSUE} as related to WEB-3.`],
      [{ field: 'blocked_by', verb: 'created', old_value: '', new_value: null, new_hidden: true }, `Alice marked ${ISSUE} as blocked by an issue you cannot open.`],
      [{ field: 'blocking', verb: 'deleted', old_value: 'WEB-3', old_identifier: 'i3', new_value: '' }, `Alice removed the blocking relation between ${ISSUE} and WEB-3.`],
      [{ field: 'link', verb: 'created', old_value: null, new_value: 'https://example.com/a' }, `Alice created the link https://example.com/a in ${ISSUE}.`],
      [{ field: 'link', verb: 'deleted', old_value: 'https://example.com/a', new_value: null }, `Alice removed the link https://example.com/a from ${ISSUE}.`],
      [{ field: 'attachment', verb: 'created', new_value: 'plan.pdf' }, `Alice uploaded a new attachment to ${ISSUE}.`],
      [{ field: 'comment', verb: 'created', new_value: '<p>Hi</p>' }, `Alice added a comment to ${ISSUE}.`],
      [{ field: 'intake', verb: 'created', old_value: null, new_value: 'pending' }, `Alice filed ${ISSUE} in the inbox.`],
      [{ field: 'intake', old_value: 'pending', new_value: 'accepted' }, `Alice accepted ${ISSUE} from the inbox.`],
      [{ field: 'snoozed_till', old_value: '', new_value: '2025-03-10T12:00:00.000Z' }, `Alice snoozed ${ISSUE} until Mar 10, 2025.`],
      [{ field: null }, `Alice updated ${ISSUE}.`],
    ];
    for (const [changes, sentence] of cases) expect(mixed(changes), String(changes.field)).to.equal(sentence);
  });

  it('names a renamed issue by its key, as its title beside it is already the new one', () => {
    const renamed = { field: 'name', old_value: 'Signup link', new_value: 'Fix broken signup link' };
    expect(mixed(renamed)).to.equal('Alice renamed WEB-2 to Fix broken signup link.');
    expect(links(renamed)[1]).to.deep.equal(['WEB-2', '/acme/projects/p1/issues/i2']);
  });

  it('does not name twice someone who assigns themselves, in either feed', () => {
    const self = { field: 'assignees', old_value: '', new_value: 'Alice', new_identifier: 'u1' };
    expect(mixed(self)).to.equal(`Alice assigned themselves to ${ISSUE}.`);
    expect(own(self)).to.equal('Alice assigned themselves.');
    const left = { field: 'assignees', old_value: 'Alice', old_identifier: 'u1', new_value: '' };
    expect(mixed(left)).to.equal(`Alice unassigned themselves from ${ISSUE}.`);
    expect(own(left)).to.equal('Alice unassigned themselves.');
  });

  it('words each priority as the app does elsewhere', () => {
    for (const priority of PRIORITIES.filter((value) => value !== 'none')) {
      expect(own({ field: 'priority', old_value: 'none', new_value: priority })).to.equal(`Alice set the priority to ${PRIORITY_NAMES[priority]}.`);
    }
    expect(own({ field: 'priority', old_value: 'none', new_value: 'someday' }), 'a value the app does not know').to.equal('Alice set the priority to someday.');
  });

  it('names a deleted issue as it was, unlinked, and says once that it has been deleted', () => {
    expect(mixed({ ...DELETED, field: 'issue', verb: 'deleted', old_value: 'Fix broken signup link' })).to.equal(`Alice deleted ${ISSUE}.`);
    expect(mixed({ ...DELETED, field: 'issue', verb: 'created', new_value: 'Fix broken signup link' })).to.equal(`Alice created ${ISSUE}. ${DELETED_ISSUE_TEXT}.`);
    expect(mixed({ ...DELETED, field: 'priority', old_value: 'none', new_value: 'high' })).to.equal(`Alice set the priority of ${ISSUE} to High. ${DELETED_ISSUE_TEXT}.`);
    expect(links({ ...DELETED, field: 'priority', new_value: 'high' })).to.deep.equal([['Alice', '/acme/profile/u1']]);
    // Its own feed, read after the deletion.
    expect(own({ ...DELETED, field: 'issue', verb: 'deleted', old_value: 'Fix broken signup link' })).to.equal(`Alice deleted the issue ${ISSUE}.`);
    expect(own({ ...DELETED, field: 'issue', verb: 'created', new_value: 'Fix broken signup link' })).to.equal(`Alice created the issue ${ISSUE}. ${DELETED_ISSUE_TEXT}.`);
    expect(DELETED_ISSUE_TEXT).to.equal('This issue has been deleted');
  });

  it('speaks of "an issue" when nothing names a deleted one', () => {
    expect(mixed({ field: 'issue', verb: 'deleted', issue_detail: null })).to.equal('Alice deleted an issue.');
    expect(mixed({ field: 'archived_at', new_value: 'x', issue_detail: null })).to.equal(`Alice archived an issue. ${DELETED_ISSUE_TEXT}.`);
  });
});
