import { Plus, X } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DEFAULT_ESTIMATE_VALUES, ESTIMATE_VALUE_MAX_LENGTH, estimateValuesProblem, MAX_ESTIMATE_VALUES } from '../../../api-shapes/estimate-values.js';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Estimate, EstimateType, Project } from '../../api/types.js';
import { EmptyState } from '../../empty-states/index.js';
import { can, Role } from '../../roles.js';
import { Button } from '../../ui/button.js';
import { FormError, TextField } from '../../ui/form-field.js';
import { Icon } from '../../ui/icon.js';
import { Spinner } from '../../ui/spinner.js';
import { useNotify } from '../../ui/toasts.js';
import { useEstimate } from '../issues/issue-estimate.js';

/** Why members, viewers and guests cannot change the estimates. */
const ADMINS_ONLY = 'Only project admins can change estimates.';

/** Each type's name in the form. */
const TYPE_LABELS: Readonly<Record<EstimateType, string>> = { points: 'Points', categories: 'Categories' };

/** A value row of the form: the value it edits (none for a new one) and a key that stays while rows come and go. */
interface ValueRow {
  key: number;
  id?: string;
  value: string;
}

let nextRowKey = 0;
const rowsOf = (values: ReadonlyArray<{ id?: string; value: string }>): ValueRow[] => values.map(({ id, value }) => ({ key: nextRowKey++, id, value }));

/**
 * A project's estimates in its settings: the empty state until the project has an estimate
 * system; then, for project admins, a form to turn estimates on or off, choose points or
 * categories and edit the values (others read them). Saving refreshes the issues and the
 * cycles' and modules' totals, which show the estimates.
 */
export function ProjectEstimates({ slug, project }: { slug: string; project: Project }) {
  const estimate = useEstimate(slug, project.id);
  const [adding, setAdding] = useState(false);
  const isAdmin = can(project.role, Role.Admin);
  const notify = useNotify();
  return (
    <section aria-labelledby="project-estimates">
      <h2 id="project-estimates">Estimates</h2>
      {estimate.isPending ? (
        <Spinner label="Loading estimates…" />
      ) : estimate.isError ? (
        <p role="alert">{estimate.error.message}</p>
      ) : !estimate.data.points.length && !adding ? (
        // The spec lets members press "create" buttons; an estimate system is the admins' to add.
        <EmptyState
          type="project-settings-estimates"
          role={project.role}
          headingLevel={3}
          onAction={() => (isAdmin ? setAdding(true) : notify({ type: 'error', message: ADMINS_ONLY }))}
        />
      ) : isAdmin ? (
        <EstimateForm key={estimate.data.points.map((point) => point.id).join()} slug={slug} estimate={estimate.data} />
      ) : (
        <EstimateSummary estimate={estimate.data} />
      )}
    </section>
  );
}

/** The estimates as members, viewers and guests read them. */
function EstimateSummary({ estimate }: { estimate: Estimate }) {
  return (
    <>
      <p>
        {estimate.enabled ? 'Estimates are on' : 'Estimates are off'}: {TYPE_LABELS[estimate.type].toLowerCase()}, {estimate.points.map((point) => point.value).join(', ')}.
      </p>
      <p>{ADMINS_ONLY}</p>
    </>
  );
}

/** The project admin's form: on or off, points or categories, and the values in order. */
function EstimateForm({ slug, estimate }: { slug: string; estimate: Estimate }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const fresh = !estimate.points.length;
  const [enabled, setEnabled] = useState(fresh || estimate.enabled);
  const [type, setType] = useState<EstimateType>(estimate.type);
  const [rows, setRows] = useState<ValueRow[]>(() => rowsOf(fresh ? DEFAULT_ESTIMATE_VALUES[estimate.type].map((value) => ({ value })) : estimate.points));
  const [problem, setProblem] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const save = useMutation({
    mutationFn: () =>
      api.estimates.update(slug, estimate.project_id, { enabled, type, points: rows.map(({ id, value }) => (id ? { id, value: value.trim() } : { value: value.trim() })) }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.estimate(slug, estimate.project_id), saved);
      notify({ type: 'success', message: 'Estimates saved.' });
      // Issue rows, the issue pages and the cycles' and modules' totals show the estimates.
      const shown = [queryKeys.issues(slug, estimate.project_id), ...['cycles', 'modules'].map((kind) => queryKeys.planning(slug, estimate.project_id, kind))];
      await Promise.all(shown.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  const changeType = (next: EstimateType) => {
    setType(next);
    // A type's values do not fit the other: start from the new type's own, or, back on the saved
    // type, from the saved values (so their issues keep them).
    setRows(rowsOf(next === estimate.type && !fresh ? estimate.points : DEFAULT_ESTIMATE_VALUES[next].map((value) => ({ value }))));
    setProblem(null);
  };
  const setValue = (key: number, value: string) => setRows(rows.map((row) => (row.key === key ? { ...row, value } : row)));
  const remove = (index: number) => {
    setRows(rows.filter((_, at) => at !== index));
    // Focus goes to the value that takes the removed one's place (or the one before the last).
    requestAnimationFrame(() => list.current?.querySelectorAll('input')[Math.min(index, rows.length - 2)]?.focus());
  };
  const add = () => {
    setRows([...rows, ...rowsOf([{ value: '' }])]);
    requestAnimationFrame(() => [...(list.current?.querySelectorAll('input') ?? [])].at(-1)?.focus());
  };

  return (
    <form
      aria-label="Estimates"
      onSubmit={(event) => {
        event.preventDefault();
        const found = estimateValuesProblem(type, rows.map((row) => row.value.trim()));
        setProblem(found);
        if (!found) save.mutate();
      }}
    >
      <fieldset className="app-fieldset">
        <legend>Turned on for this project</legend>
        <div className="app-options">
          <label className="app-option">
            <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
            Use estimates
          </label>
        </div>
      </fieldset>
      <fieldset className="app-fieldset">
        <legend>Estimate type</legend>
        <div className="app-options">
          {(Object.keys(TYPE_LABELS) as EstimateType[]).map((option) => (
            <label key={option} className="app-option">
              <input type="radio" name="estimate-type" value={option} checked={type === option} onChange={() => changeType(option)} />
              {TYPE_LABELS[option]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="app-fieldset">
        <legend>Values, smallest first</legend>
        <ol ref={list} className="app-estimate-values">
          {rows.map((row, index) => (
            <li key={row.key} className="app-inline-form">
              <TextField
                label={`Value ${index + 1}`}
                value={row.value}
                maxLength={ESTIMATE_VALUE_MAX_LENGTH}
                inputMode={type === 'points' ? 'decimal' : undefined}
                onChange={(event) => setValue(row.key, event.target.value)}
              />
              <Button variant="ghost" size="small" aria-label={`Remove value ${index + 1}`} disabled={rows.length <= 2} onClick={() => remove(index)}>
                <Icon icon={X} size="small" />
              </Button>
            </li>
          ))}
        </ol>
        <Button size="small" disabled={rows.length >= MAX_ESTIMATE_VALUES} onClick={add}>
          <Icon icon={Plus} size="small" />
          Add a value
        </Button>
      </fieldset>
      {fresh ? null : (
        <p className="app-field-hint">
          {type === estimate.type ? 'Removing a value takes it off the issues that have it.' : 'A new type replaces every value: issues lose their estimates.'}
        </p>
      )}
      <FormError message={problem ?? (save.isError ? errorMessage(save.error) : null)} />
      <Button type="submit" variant="primary" busy={save.isPending}>
        Save estimates
      </Button>
    </form>
  );
}
