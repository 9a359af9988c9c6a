import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { PlanningKindName } from '../../api/planning.js';
import { Button } from '../../ui/button.js';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog.js';
import { Icon } from '../../ui/icon.js';
import { NamedFormDialog, type NamedValues } from '../projects/named-form-dialog.js';
import { capitalised, type PlanningKind } from './planning-kinds.js';
import { isolated } from '../../ui/bidi.js';

interface ManageProps<K extends PlanningKindName> {
  kind: PlanningKind<K>;
  values: NamedValues;
  mayEdit: boolean;
  mayDelete: boolean;
  /** Saves the fields changed in the edit dialog (only those). */
  onEdit(changed: Partial<NamedValues>): Promise<void>;
  onDelete(): Promise<void>;
}

/** Edit (members) and delete after confirmation (admins) of a cycle or module. */
export function PlanningManage<K extends PlanningKindName>({ kind, values, mayEdit, mayDelete, onEdit, onDelete }: ManageProps<K>) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const lower = kind.singular;
  return (
    <>
      {mayEdit ? (
        <Button onClick={() => setEditing(true)}>
          <Icon icon={Pencil} />
          {`Edit ${lower}`}
        </Button>
      ) : null}
      {mayDelete ? (
        <Button variant="danger" onClick={() => setDeleting(true)}>
          <Icon icon={Trash2} />
          {`Delete ${lower}`}
        </Button>
      ) : null}
      <NamedFormDialog
        open={editing}
        onOpenChange={setEditing}
        title={`Edit ${lower}`}
        description={`Change the ${lower}'s name and dates.`}
        nameLabel={`${capitalised(lower)} name`}
        endLabel={kind.endLabel}
        submitLabel="Save"
        initial={values}
        onSubmit={(_values, changed) => onEdit(changed)}
      />
      <ConfirmDeleteDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${lower}`}
        description={`Delete the ${lower} "${isolated(values.name)}"? Its issues stay in the project.`}
        onDelete={onDelete}
      />
    </>
  );
}
