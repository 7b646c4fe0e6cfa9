// Who annotates when Annotate opens: on a team host the personal link says (app.info), whatever the
// tab held before; elsewhere the name last used in this browser, if any (else the gate asks).
import { useEffect } from 'react';
import type { TeamIdentity } from '../../../../shared/api/team';
import { chooseAnnotator, initialAnnotator } from './AnnotatorGate';
import { useAnnotateStore } from './annotateStore';

export function useSignedInAnnotator(team: TeamIdentity | undefined, annotates: boolean): void {
  useEffect(() => {
    if (team?.role === 'annotator' && useAnnotateStore.getState().annotator !== team.name) chooseAnnotator(team.name);
  }, [team]);
  useEffect(() => {
    if (annotates && useAnnotateStore.getState().annotator === null) {
      const initial = initialAnnotator();
      // Not kept for the tab again: it came from there, or from the address.
      if (initial) useAnnotateStore.getState().setAnnotator(initial);
    }
  }, [annotates]);
}
