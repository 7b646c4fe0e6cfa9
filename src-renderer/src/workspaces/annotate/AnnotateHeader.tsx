// Annotate's header: who annotates (with "switch", except where a team link fixes the name) and
// the sync bar.
import { chooseAnnotator } from './AnnotatorGate';
import { SyncBar } from './SyncBar';

export function AnnotateHeader({ annotator, fixedByTeam }: { annotator: string; fixedByTeam: boolean }) {
  return (
    <header className="annotate-header">
      <h1>Annotate</h1>
      <span className="annotator">
        as <strong data-testid="annotator-name">{annotator}</strong>
        {/* On a team host the personal link fixes the name. */}
        {!fixedByTeam && (
          <button type="button" className="link" onClick={() => chooseAnnotator(null)}>
            switch
          </button>
        )}
      </span>
      <SyncBar />
    </header>
  );
}
