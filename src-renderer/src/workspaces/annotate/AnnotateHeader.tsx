// Annotate's header: who annotates (with "switch", except where a team link fixes the name) and
// the sync bar.
import { storeAnnotator } from './AnnotatorGate';
import { useAnnotateStore } from './annotateStore';
import { SyncBar } from './SyncBar';

export function AnnotateHeader({ annotator, fixedByTeam }: { annotator: string; fixedByTeam: boolean }) {
  const setAnnotator = useAnnotateStore((state) => state.setAnnotator);
  return (
    <header className="annotate-header">
      <h1>Annotate</h1>
      <span className="annotator">
        as <strong data-testid="annotator-name">{annotator}</strong>
        {/* On a team host the personal link fixes the name. */}
        {!fixedByTeam && (
          <button
            type="button"
            className="link"
            onClick={() => {
              storeAnnotator(null);
              setAnnotator(null);
            }}
          >
            switch
          </button>
        )}
      </span>
      <SyncBar />
    </header>
  );
}
