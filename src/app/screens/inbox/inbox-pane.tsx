import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useApi } from '../../api/api-context.js';
import { intakeQuery } from './intake-query.js';
import type { IntakeTab, Project } from '../../api/types.js';
import { EmptyState } from '../../empty-states/index.js';
import { LoadFailed } from '../../ui/load-failed.js';
import { Spinner } from '../../ui/spinner.js';
import { IntakeDetail } from './intake-detail.js';
import { IntakeList } from './intake-list.js';
import { INBOX_TABS, INBOX_WORDS } from './inbox-words.js';

/** Props of {@link InboxPane}. */
export interface InboxPaneProps {
  slug: string;
  project: Project;
  tab: IntakeTab;
  /** The request shown beside the list (the newest when none or one no longer on the tab). */
  selectedId: string | null;
  onSelect(id: string): void;
  /** The moment relative times count from (tests pin it); now by default. */
  now?: Date;
}

/**
 * One inbox tab: loading, its failure, its empty state, or its requests beside the chosen one.
 * After a decision the decided request may have left the tab with the button pressed: focus goes
 * to the request shown now in the list, or to the tab's panel when none is left.
 */
export function InboxPane({ slug, project, tab, selectedId, onSelect, now = new Date() }: InboxPaneProps) {
  const api = useApi();
  const intakes = useQuery(intakeQuery(api, slug, project.id, tab));
  const pane = useRef<HTMLDivElement>(null);
  const [decided, setDecided] = useState(0);
  useEffect(() => {
    if (!decided) return;
    const root = pane.current;
    const shown = root?.querySelector<HTMLElement>('.app-inbox-item[aria-current="true"]') ?? root?.closest<HTMLElement>('[role="tabpanel"]');
    shown?.focus();
  }, [decided]);
  let content: ReactNode;
  if (intakes.isPending) content = <Spinner label={INBOX_WORDS.loading} />;
  else if (intakes.isError) content = <LoadFailed error={intakes.error} retry={() => void intakes.refetch()} retryLabel={INBOX_WORDS.tryAgain} />;
  else if (!intakes.data.length) content = <EmptyState type={tab === 'open' ? 'inbox-open' : 'inbox-closed'} role={project.role} />;
  else {
    const selected = intakes.data.find((intake) => intake.id === selectedId) ?? intakes.data[0]!;
    const label = INBOX_TABS.find((option) => option.value === tab)!.list;
    content = (
      <div className="app-inbox">
        <IntakeList intakes={intakes.data} label={label} selectedId={selected.id} onSelect={(intake) => onSelect(intake.id)} now={now} />
        <IntakeDetail slug={slug} projectId={project.id} intake={selected} role={project.role} now={now} onDecided={() => setDecided((count) => count + 1)} />
      </div>
    );
  }
  return (
    <div ref={pane} className="app-inbox-pane">
      {content}
    </div>
  );
}
