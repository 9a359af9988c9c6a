import type { Member } from '../api/types.js';
import { Avatar } from '../ui/avatar.js';
import type { Present } from './use-collaborative-document.js';

/** How many faces show before the rest are counted ("+2"). */
export const PRESENCE_SHOWN = 4;

/**
 * The others who have the document open, as the app's avatars (their picture from the workspace's
 * members, never from what their editor says), each ringed in their caret's colour and named for
 * screen readers and on hover; past four, the rest are counted.
 */
export function PresenceList({ people, members }: { people: Present[]; members: readonly Member[] | undefined }) {
  if (!people.length) return null;
  const shown = people.slice(0, PRESENCE_SHOWN);
  const rest = people.slice(PRESENCE_SHOWN);
  const pictureOf = (id: string) => members?.find((member) => member.id === id)?.avatar ?? null;
  return (
    <ul className="app-presence" aria-label="Also here">
      {shown.map((person) => (
        <li key={person.id} className="app-presence-person" title={person.name} style={person.color ? { borderColor: person.color } : undefined}>
          <Avatar name={person.name} src={pictureOf(person.id)} size="medium" />
          <span className="app-visually-hidden">{person.name}</span>
        </li>
      ))}
      {rest.length ? (
        <li className="app-presence-more" title={rest.map((person) => person.name).join(', ')}>
          <span aria-hidden="true">+{rest.length}</span>
          <span className="app-visually-hidden">{`and ${rest.length} more: ${rest.map((person) => person.name).join(', ')}`}</span>
        </li>
      ) : null}
    </ul>
  );
}
