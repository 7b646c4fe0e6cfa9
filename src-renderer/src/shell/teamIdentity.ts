// On a team host the personal link fixes who this client is (app.info's `team`): the name is the
// annotator, adjudicator or reviewer name every view would otherwise ask for. The host enforces
// it anyway (a write under another name is refused); this only spares the person the prompt.
import type { TeamIdentity } from '../../../shared/api/team';
import { ADJUDICATOR_KEY } from '../workspaces/adjudicate/AdjudicateWorkspace';
import { storeAnnotator } from '../workspaces/annotate/AnnotatorGate';
import { useAnnotateStore } from '../workspaces/annotate/annotateStore';
import { REVIEWER_KEY } from '../workspaces/replay/reviews/ReviewPanels';

export function applyTeamIdentity(team: TeamIdentity): void {
  if (team.role === 'annotator') {
    storeAnnotator(team.name);
    if (useAnnotateStore.getState().annotator !== team.name) useAnnotateStore.getState().setAnnotator(team.name);
  }
  try {
    if (team.role === 'adjudicator') window.localStorage.setItem(ADJUDICATOR_KEY, team.name);
    if (team.role === 'reviewer') window.localStorage.setItem(REVIEWER_KEY, team.name);
  } catch {
    // storage refused (private mode): the views ask for the name, the host still checks it
  }
}
