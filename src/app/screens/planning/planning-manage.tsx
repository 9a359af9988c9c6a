import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.js';
import { Button } from '../../ui/button.js';
import { AppDialog, DialogClose } from '../../ui/dialog.js';
import { FormError } from '../../ui/form-field.js';
import { PlanningFormDialog, type PlanningValues } from './planning-form-dialog.js';
import { Icon } from '../../ui/icon.js';

interface ManageProps {
  /** "Cycle" or "Module". */
  noun: string;
  endLabel: string;
  values: PlanningValues;
  mayEdit: boolean;
  mayDelete: boolean;
  onEdit(values: PlanningValues): Promise<void>;
  onDelete(): Promise<void>;
}

/** Edit (members) and delete after confirmation (admins) of a cycle or module. */
export function PlanningManage({ noun, endLabel, values, mayEdit, mayDelete, onEdit, onDelete }: ManageProps) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const lower = noun.toLowerCase();
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
      <PlanningFormDialog
        open={editing}
        onOpenChange={setEditing}
        title={`Edit ${lower}`}
        description={`Change the ${lower}'s name and dates.`}
        nameLabel={`${noun} name`}
        endLabel={endLabel}
        submitLabel="Save"
        initial={values}
        onSubmit={onEdit}
      />
      <AppDialog open={deleting} onOpenChange={setDeleting} title={`Delete ${lower}`} description={`Delete the ${lower} "${values.name}"? Its issues stay in the project.`}>
        <ConfirmDelete onDelete={onDelete} />
      </AppDialog>
    </>
  );
}

function ConfirmDelete({ onDelete }: { onDelete(): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onDelete();
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <>
      <FormError message={failure} />
      <div className="app-dialog-actions">
        <DialogClose asChild>
          <Button>Cancel</Button>
        </DialogClose>
        <Button variant="danger" busy={busy} onClick={() => void confirm()}>
          <Icon icon={Trash2} />
          Delete
        </Button>
      </div>
    </>
  );
}
