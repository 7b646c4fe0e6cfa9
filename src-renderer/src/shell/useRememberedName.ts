// A name the person types once (the adjudicator's, the reviewer's), remembered in this browser's
// localStorage so that a reload and the next visit have it. On a team host the link's name is the
// one used (teamIdentity.ts), and the field shows it fixed. A browser whose storage is off keeps
// the name for the page only.
import { useState } from 'react';
import type { TeamIdentity } from '../../../shared/api/team';
import { useTeam } from './teamIdentity';

function storedName(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function rememberName(key: string, name: string): void {
  try {
    window.localStorage.setItem(key, name);
  } catch {
    // storage off: the name lasts for this page
  }
}

export interface RememberedName {
  /** The team link's name, else the one typed. */
  name: string;
  /** Keeps the name as typed (remembered at once). */
  setName(name: string): void;
  /** The team link's identity; null off a team host (the field is editable). */
  team: TeamIdentity | null;
}

export function useRememberedName(key: string): RememberedName {
  const [typed, setTyped] = useState(() => storedName(key));
  const team = useTeam();
  const setName = (name: string) => {
    setTyped(name);
    rememberName(key, name);
  };
  return { name: team?.name ?? typed, setName, team };
}
