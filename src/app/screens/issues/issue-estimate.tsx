import { useQuery } from '@tanstack/react-query';
import { Triangle } from 'lucide-react';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Estimate, EstimateType } from '../../api/types.js';
import { Icon } from '../../ui/icon.js';
import { Picker } from '../../ui/pickers/index.js';
import { NONE } from './issue-pickers.js';

/** The project's estimate system (src/api-shapes/estimate.ts), as the pickers, rows and settings read it. */
export function useEstimate(slug: string, projectId: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.estimate(slug, projectId), queryFn: () => api.estimates.get(slug, projectId) });
}

/** An estimate as people read it: "5 points", "1 point", or a category's name. */
export function estimateLabel(type: EstimateType, value: string): string {
  if (type === 'categories') return value;
  return `${value} ${value === '1' ? 'point' : 'points'}`;
}

/** An issue's estimate in a row or card: a triangle and the value, named "Estimate" for assistive technology. */
export function EstimateChip({ value }: { value: string }) {
  return (
    <span className="app-issue-label app-issue-estimate" title="Estimate">
      <Icon icon={Triangle} size="small" />
      <span className="app-visually-hidden">Estimate </span>
      {value}
    </span>
  );
}

/**
 * The estimate picker of the issue's side panel: "No estimate" and the project's values in
 * order, picked like the priority. The options are keyed by the values' ids (a category's name
 * may hold spaces); the change sends the value.
 */
export function EstimatePicker({ estimate, value, onChange }: { estimate: Estimate; value: string | null; onChange(value: string | null): void }) {
  const current = estimate.points.find((point) => point.value === value);
  return (
    <Picker
      label="Estimate"
      value={value ? estimateLabel(estimate.type, value) : <span className="app-picker-placeholder">No estimate</span>}
      options={[{ id: NONE, label: 'No estimate' }, ...estimate.points.map((point) => ({ id: point.id, label: estimateLabel(estimate.type, point.value) }))]}
      selected={[current?.id ?? NONE]}
      onPick={(id) => onChange(estimate.points.find((point) => point.id === id)?.value ?? null)}
    />
  );
}
