import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { AUTOMATION_MONTHS, type AutomationMonths } from '../../../api-shapes/automation-periods.js';
import type { Automation, AutomationPreview } from '../../../api-shapes/automation.js';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Project } from '../../api/types.js';
import { can, Role } from '../../roles.js';
import { Button } from '../../ui/button.js';
import { issueCount } from '../../ui/counts.js';
import { FormError } from '../../ui/form-field.js';
import { Spinner } from '../../ui/spinner.js';
import { useNotify } from '../../ui/toasts.js';
import { useSubmission } from '../../ui/use-submission.js';

/** A period as the selects say it. */
const periodName = (months: AutomationMonths) => (months === 0 ? 'Off' : months === 1 ? 'After 1 month' : `After ${months} months`);

/** The automations as members, viewers and guests read them. */
function summary(automation: Automation, closeState: string | null): string {
  const archive = automation.archive_in ? `Closed issues are archived ${periodName(automation.archive_in).toLowerCase()}.` : 'Closed issues are not archived automatically.';
  const close = automation.close_in
    ? `Issues nobody changes are closed${closeState ? ` to ${closeState}` : ''} ${periodName(automation.close_in).toLowerCase()}.`
    : 'Idle issues are not closed automatically.';
  return `${archive} ${close}`;
}

/**
 * A project's automations in its settings: archiving issues done with (completed or cancelled)
 * some months after, and closing issues nobody changed for some months to a cancelled state.
 * Project admins set them; the others read them.
 */
export function ProjectAutomations({ slug, project }: { slug: string; project: Project }) {
  const api = useApi();
  const automation = useQuery({ queryKey: queryKeys.automations(slug, project.id), queryFn: () => api.automations.get(slug, project.id) });
  const states = useQuery({ queryKey: queryKeys.states(slug, project.id), queryFn: () => api.states.list(slug, project.id) });
  const cancelled = (states.data ?? []).filter((state) => state.group === 'cancelled');
  const isAdmin = can(project.role, Role.Admin);
  return (
    <section aria-labelledby="project-automations">
      <h2 id="project-automations">Automations</h2>
      {automation.isPending || states.isPending ? (
        <Spinner label="Loading automations…" />
      ) : automation.isError ? (
        <p role="alert">{automation.error.message}</p>
      ) : isAdmin ? (
        <AutomationForm slug={slug} projectId={project.id} automation={automation.data} cancelled={cancelled} />
      ) : (
        <p>{summary(automation.data, cancelled.find((state) => state.id === automation.data.close_state_id)?.name ?? cancelled[0]?.name ?? null)}</p>
      )}
    </section>
  );
}

function AutomationForm({ slug, projectId, automation, cancelled }: { slug: string; projectId: string; automation: Automation; cancelled: ReadonlyArray<{ id: string; name: string }> }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const id = useId();
  const [draft, setDraft] = useState<Automation>(automation);
  const { busy, failure, run } = useSubmission();
  const period = (field: 'archive_in' | 'close_in', label: string, hint: string) => (
    <div className="app-field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <select id={`${id}-${field}`} aria-describedby={`${id}-${field}-hint`} value={draft[field]} onChange={(event) => setDraft({ ...draft, [field]: Number(event.target.value) as AutomationMonths })}>
        {AUTOMATION_MONTHS.map((months) => (
          <option key={months} value={months}>
            {periodName(months)}
          </option>
        ))}
      </select>
      <p id={`${id}-${field}-hint`} className="app-field-hint">
        {hint}
      </p>
    </div>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const saved = await api.automations.save(slug, projectId, draft);
      queryClient.setQueryData(queryKeys.automations(slug, projectId), saved);
      notify({ type: 'success', message: 'Automations saved.' });
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Automations">
      {period('archive_in', 'Archive closed issues', 'Completed and cancelled issues are archived this long after they were closed.')}
      {period('close_in', 'Close idle issues', 'Issues not closed yet that nobody changed or commented on for this long are closed.')}
      {draft.close_in ? (
        <div className="app-field">
          <label htmlFor={`${id}-state`}>Close to</label>
          <select id={`${id}-state`} value={draft.close_state_id ?? ''} onChange={(event) => setDraft({ ...draft, close_state_id: event.target.value || null })}>
            <option value="">{cancelled[0] ? `The first cancelled state (${cancelled[0].name})` : 'The first cancelled state'}</option>
            {cancelled.map((state) => (
              <option key={state.id} value={state.id}>
                {state.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <AutomationOutlook slug={slug} projectId={projectId} archiveIn={draft.archive_in} closeIn={draft.close_in} />
      <FormError message={failure} />
      <div className="app-editor-actions">
        <Button type="submit" variant="primary" busy={busy}>
          Save automations
        </Button>
      </div>
    </form>
  );
}

/** What settings would do at the next run, as the server counted it. */
function outlook(archiveIn: number, closeIn: number, { archive, close }: AutomationPreview): string {
  const actions = [archiveIn ? `archive ${issueCount(archive)}` : null, closeIn ? `close ${issueCount(close)}` : null].filter(Boolean);
  return `At the next hourly run, these settings would ${actions.join(' and ')}.`;
}

/**
 * How many issues the settings chosen in the form would archive and close at the next run (the
 * server counts them as each period is chosen, before saving): closing turned on in an old project
 * may close many issues at once. A live region, there before its text changes, so the count is read
 * out as it comes.
 */
function AutomationOutlook({ slug, projectId, archiveIn, closeIn }: { slug: string; projectId: string; archiveIn: AutomationMonths; closeIn: AutomationMonths }) {
  const api = useApi();
  const on = archiveIn > 0 || closeIn > 0;
  const preview = useQuery({
    queryKey: queryKeys.automationPreview(slug, projectId, archiveIn, closeIn),
    queryFn: () => api.automations.preview(slug, projectId, { archive_in: archiveIn, close_in: closeIn }),
    enabled: on,
  });
  const text = !on
    ? ''
    : preview.isError
      ? `The issues due could not be counted: ${preview.error.message}`
      : !preview.data
        ? 'Counting the issues due…'
        : outlook(archiveIn, closeIn, preview.data);
  return (
    <p role="status" className="app-field-hint" aria-busy={on && preview.isFetching}>
      {text}
    </p>
  );
}
