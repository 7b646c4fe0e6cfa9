// Who annotates when Annotate opens: on a team host the personal link says (app.info), whatever the
// tab held before; elsewhere the name last used in this browser, if any (else the gate asks).
import { useEffect } from 'react';
import type { TeamIdentity } from '../../../../shared/api/team';
import { initialAnnotator, storeAnnotator } from './AnnotatorGate';
import { useAnnotateStore } from './annotateStore';

export function useSignedInAnnotator(team: TeamIdentity | undefined, annotates: boolean): void {
  const setAnnotator = useAnnotateStore((state) => state.setAnnotator);
  useEffect(() => {
    if (team?.role === 'annotator' && useAnnotateStore.getState().annotator !== team.name) {
      storeAnnotator(team.name);
      setAnnotator(team.name);
    }
  }, [team, setAnnotator]);
  useEffect(() => {
    if (annotates && useAnnotateStore.getState().annotator === null) {
      const initial = initialAnnotator();
      if (initial) setAnnotator(initial);
    }
  }, [setAnnotator, annotates]);
}
