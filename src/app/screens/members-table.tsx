import { LogOut, Trash2, UserCog } from 'lucide-react';
import { useRef, useState, type SelectHTMLAttributes } from 'react';
import { errorMessage } from '../api/api-error.js';
import type { Member } from '../api/types.js';
import { isRole, Role, roleName, type RoleValue } from '../roles.js';
import { Button } from '../ui/button.js';
import { ConfirmDeleteDialog } from '../ui/confirm-delete-dialog.js';
import { Icon } from '../ui/icon.js';
import { useNotify } from '../ui/toasts.js';
import { isolated } from '../ui/bidi.js';

/** The roles a member of a workspace or a project can be given, highest first. */
const MEMBER_ROLES = [Role.Admin, Role.Member, Role.Viewer, Role.Guest] as const;

/** A choice of MEMBER_ROLES; `onRole` gets the role chosen. */
export function RoleSelect({ value, onRole, ...select }: { value: RoleValue; onRole(role: RoleValue): void } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>) {
  return (
    <select
      {...select}
      value={value}
      onChange={(event) => {
        const role = Number(event.target.value);
        if (isRole(role)) onRole(role);
      }}
    >
      {MEMBER_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleName(role)}
        </option>
      ))}
    </select>
  );
}

/** Where the members are: its name and what its people can open there ("projects and pages"). */
export interface MembersPlace {
  name: string;
  holds: string;
}

/** Props of {@link MembersTable}. */
export interface MembersTableProps {
  /** The table's accessible name. */
  label: string;
  members: readonly Member[];
  place: MembersPlace;
  /** The signed-in user: their row offers Leave instead of Remove. */
  selfId: string;
  /** Whether the reader changes roles and removes others (an admin of the place). */
  mayManage: boolean;
  /** Changes a member's role and refreshes what shows it; a rejection is a toast with its reason. */
  changeRole(userId: string, role: RoleValue): Promise<unknown>;
  /** Takes a member out (the reader too, leaving); a rejection stays in the confirming dialog. */
  remove(userId: string): Promise<unknown>;
  /** After another member was removed: refresh the list. */
  afterRemoved(): Promise<unknown>;
  /** After the reader left: go somewhere they still belong. */
  afterLeft(): Promise<unknown> | void;
  /**
   * What lowering `member` to `role` does beyond the role itself, asked before it is made (a
   * workspace role lowers the project roles above it); null, or no function, asks nothing.
   */
  lowering?(member: Member, role: RoleValue): string | null;
}

/**
 * The members of a workspace or a project with their roles: admins change roles and remove
 * others, everyone can leave; removing and leaving ask first. Focus goes to the table once a
 * removed member's row is gone.
 */
export function MembersTable(props: MembersTableProps) {
  const table = useRef<HTMLTableElement>(null);
  return (
    <div className="app-table-scroll">
      <table className="app-table" ref={table} tabIndex={-1} aria-label={props.label}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">
              <span className="app-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.members.map((member) => (
            <MemberRow key={member.id} {...props} member={member} afterRemoval={() => table.current?.focus()} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MemberRow({ member, place, selfId, mayManage, changeRole, remove, afterRemoved, afterLeft, afterRemoval, lowering }: MembersTableProps & { member: Member; afterRemoval(): void }) {
  const notify = useNotify();
  const isSelf = member.id === selfId;
  const [changing, setChanging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  /** A lower role waiting for the admin's yes, with what lowering it does. */
  const [lowerTo, setLowerTo] = useState<{ role: RoleValue; description: string } | null>(null);
  const removed = useRef(false);
  const setRole = async (role: RoleValue) => {
    setChanging(true);
    try {
      await changeRole(member.id, role);
      notify({ type: 'success', message: 'Role changed.' });
    } catch (error) {
      // The server's own words: "A workspace needs at least one admin." and the like.
      notify({ type: 'error', message: errorMessage(error) });
    } finally {
      setChanging(false);
    }
  };
  const confirmRemoval = async () => {
    await remove(member.id);
    removed.current = true;
    setConfirming(false);
    if (isSelf) {
      notify({ type: 'success', message: `You left ${isolated(place.name)}.` });
      await afterLeft();
    } else {
      notify({ type: 'success', message: 'Member removed.' });
      await afterRemoved();
    }
  };
  return (
    <tr>
      <td>{member.display_name}</td>
      <td>
        {mayManage ? (
          <RoleSelect
            aria-label={`Role of ${member.display_name}`}
            value={member.role}
            disabled={changing}
            onRole={(role) => {
              const description = role < member.role ? (lowering?.(member, role) ?? null) : null;
              if (description) setLowerTo({ role, description });
              else void setRole(role);
            }}
          />
        ) : (
          roleName(member.role)
        )}
      </td>
      <td>
        {isSelf ? (
          <Button variant="danger" size="small" onClick={() => setConfirming(true)}>
            <Icon icon={LogOut} />
            Leave
          </Button>
        ) : mayManage ? (
          <Button variant="danger" size="small" aria-label={`Remove ${member.display_name}`} onClick={() => setConfirming(true)}>
            <Icon icon={Trash2} />
            Remove
          </Button>
        ) : null}
        <ConfirmDeleteDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={isSelf ? `Leave ${place.name}` : 'Remove member'}
          description={
            isSelf
              ? `Leave ${isolated(place.name)}? You lose access to its ${place.holds} until an admin adds you again.`
              : `Remove ${isolated(member.display_name)} from ${isolated(place.name)}? They lose access to its ${place.holds}; what they made stays.`
          }
          confirmLabel={isSelf ? 'Leave' : 'Remove'}
          onDelete={confirmRemoval}
          onCloseAutoFocus={(event) => {
            if (!removed.current) return;
            event.preventDefault();
            if (!isSelf) afterRemoval();
          }}
        />
        <ConfirmDeleteDialog
          open={lowerTo !== null}
          onOpenChange={(open) => {
            if (!open) setLowerTo(null);
          }}
          title={`Make ${member.display_name} ${lowerTo ? roleName(lowerTo.role) : ''}`}
          description={lowerTo?.description ?? ''}
          confirmLabel="Change role"
          confirmIcon={UserCog}
          onDelete={async () => {
            const role = lowerTo!.role;
            setLowerTo(null);
            await setRole(role);
          }}
        />
      </td>
    </tr>
  );
}
