import type { IntakeIssue, IntakeTab } from '../../api/types.js';
import { formatLocalDay } from '../../ui/dates.js';

/** The words of the inbox screen. */
export const INBOX_WORDS = {
  title: 'Inbox',
  tabs: 'Inbox tabs',
  newIntake: 'New intake issue',
  newIntakeDescription: 'Your request waits in the inbox until a project member accepts it as an issue.',
  name: 'Title',
  nameRequired: 'Title is required.',
  description: 'Description',
  descriptionPlaceholder: 'Describe the request…',
  create: 'Create',
  cancel: 'Cancel',
  loading: 'Loading requests…',
  tryAgain: 'Try again',
  accept: 'Accept',
  decline: 'Decline',
  snooze: 'Snooze',
  duplicate: 'Mark as duplicate',
  duplicateTitle: 'Mark as duplicate',
  openIssue: 'Open issue',
  snoozeTitle: 'Snooze request',
  snoozeDescription: 'It leaves the open requests until the start of the day you choose.',
  activity: 'Activity',
  loadingActivity: 'Loading activity…',
  filed: (key: string) => `Request ${key} filed.`,
  filedBy: 'Filed by',
  someone: 'Someone',
  /** The sidebar count's words for a screen reader (`many`: a full page or more). */
  openCount: (count: number, many: boolean) => (many ? `${count} or more open requests` : count === 1 ? '1 open request' : `${count} open requests`),
} as const;

/** Each tab's name and the label of its list of requests. */
export const INBOX_TABS: ReadonlyArray<{ value: IntakeTab; label: string; list: string }> = [
  { value: 'open', label: 'Open', list: 'Open requests' },
  { value: 'closed', label: 'Closed', list: 'Closed requests' },
];

/** Where a request stands, as its badge says it. */
export function intakeStatusText(intake: IntakeIssue): string {
  switch (intake.status) {
    case 'pending':
      return 'Pending';
    case 'accepted':
      return 'Accepted';
    case 'declined':
      return 'Declined';
    case 'snoozed':
      return `Snoozed until ${formatLocalDay(intake.snoozed_till ?? '')}`;
    case 'duplicate':
      return intake.duplicate_of__key ? `Duplicate of ${intake.duplicate_of__key}` : 'Duplicate';
  }
}

/** The toast after a decision on request `key`. */
export const DECIDED: Record<IntakeIssue['status'], (key: string) => string> = {
  pending: (key) => `${key} is pending.`,
  accepted: (key) => `${key} accepted: it is one of the project’s issues now.`,
  declined: (key) => `${key} declined.`,
  snoozed: (key) => `${key} snoozed.`,
  duplicate: (key) => `${key} marked as a duplicate.`,
};
