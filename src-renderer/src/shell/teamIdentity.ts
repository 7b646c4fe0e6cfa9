// On a team host the personal link fixes who this client is (app.info's `team`): the name is the
// adjudicator or reviewer name the views would otherwise ask for (the Annotate workspace takes the
// annotator's name from app.info itself). The host enforces it anyway (a write under another name
// is refused); this only spares the person the prompt.
import type { TeamIdentity } from '../../../shared/api/team';
import { ADJUDICATOR_KEY, REVIEWER_KEY } from '../state/identityKeys';
import { useStudioStore } from '../state/store';

export function applyTeamIdentity(team: TeamIdentity): void {
  try {
    if (team.role === 'adjudicator') window.localStorage.setItem(ADJUDICATOR_KEY, team.name);
    if (team.role === 'reviewer') window.localStorage.setItem(REVIEWER_KEY, team.name);
  } catch {
    // storage refused (private mode): the views ask for the name, the host still checks it
  }
}

/**
 * Who the team link says this is (name and role), or null off a team host. Where it is set, the adjudicator and
 * reviewer fields show it and cannot be changed: a name typed there went into ground-truth lines
 * as written ("adjudicator": "mallory"), and an override under another reviewer's name was
 * refused by the host but kept in the browser, shown as that person's.
 */
export function useTeam(): TeamIdentity | null {
  return useStudioStore((state) => state.appInfo?.team ?? null);
}

export const TEAM_NAME_TITLE = 'Your team link says who you are';
