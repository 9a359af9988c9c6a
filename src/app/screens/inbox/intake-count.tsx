import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.js';
import { INTAKE_PAGE } from '../../api/intake.js';
import { intakeQuery } from './intake-query.js';
import { INBOX_WORDS } from './inbox-words.js';

/**
 * How many requests wait in a project's inbox, beside the sidebar's Inbox entry (nothing while none
 * does). It reads the inbox's own list of open requests (the same query, so a decision taken there
 * shows here at once); `INTAKE_PAGE` or more reads "99+".
 */
export function IntakeCount({ slug, projectId }: { slug: string; projectId: string }) {
  const api = useApi();
  const count = useQuery(intakeQuery(api, slug, projectId, 'open')).data?.length ?? 0;
  if (!count) return null;
  const many = count >= INTAKE_PAGE;
  return (
    <span className="app-sidebar-count" data-intake-count={count}>
      <span aria-hidden="true">{many ? '99+' : count}</span>
      <span className="app-visually-hidden">{`, ${INBOX_WORDS.openCount(count, many)}`}</span>
    </span>
  );
}
