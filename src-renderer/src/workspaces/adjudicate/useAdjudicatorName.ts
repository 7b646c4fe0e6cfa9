// Who adjudicates in Adjudicate: a team link's name, or the name typed (kept in this browser's
// localStorage, so a reload and the next visit have it).
import { useState } from 'react';
import { ADJUDICATOR_KEY } from '../../state/identityKeys';
import { useTeam } from '../../shell/teamIdentity';

function storedAdjudicator(): string {
  try {
    return window.localStorage.getItem(ADJUDICATOR_KEY) ?? '';
  } catch {
    return '';
  }
}

export function useAdjudicatorName() {
  const [typedAdjudicator, setAdjudicatorState] = useState(storedAdjudicator);
  const team = useTeam();
  const teamName = team?.name ?? null;
  const teamRole = team?.role ?? null;
  const adjudicator = teamName ?? typedAdjudicator;

  const setAdjudicator = (name: string) => {
    setAdjudicatorState(name);
    try {
      window.localStorage.setItem(ADJUDICATOR_KEY, name);
    } catch {
      // storage unavailable: the name lasts for this page
    }
  };
  return { adjudicator, setAdjudicator, teamName, teamRole };
}
