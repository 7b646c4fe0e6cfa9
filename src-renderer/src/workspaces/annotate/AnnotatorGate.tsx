// Who annotates in this window: asked at first start, kept per tab (sessionStorage) so that two
// tabs or windows can annotate as two people; the names used before are offered.
import { useEffect, useState } from 'react';
import { isValidAnnotatorName } from '../../db/annotationFile';
import { knownAnnotators, rememberAnnotator } from '../../db/annotationRepo';
import { useAnnotateStore } from './annotateStore';
import { StrandedEdits } from './StrandedEdits';

const TAB_KEY = 'egobench.annotator';

/** The tab's annotator: ?annotator=name in the address, else what this tab chose before. */
export function initialAnnotator(): string | null {
  const fromUrl = new URLSearchParams(window.location.search).get('annotator');
  if (fromUrl && isValidAnnotatorName(fromUrl)) return fromUrl;
  const stored = window.sessionStorage.getItem(TAB_KEY);
  return stored && isValidAnnotatorName(stored) ? stored : null;
}

function storeAnnotator(name: string | null): void {
  if (name) {
    window.sessionStorage.setItem(TAB_KEY, name);
    void rememberAnnotator(name);
  } else window.sessionStorage.removeItem(TAB_KEY);
}

/**
 * Signs `name` in (null: out), kept for this tab: the gate's choice, "switch", a team link's name.
 * The store's action is read here, not selected by each caller: it is created once, never replaced.
 */
export function chooseAnnotator(name: string | null): void {
  storeAnnotator(name);
  useAnnotateStore.getState().setAnnotator(name);
}

export function AnnotatorGate({ onChoose }: { onChoose(name: string): void }) {
  const [name, setName] = useState('');
  const [known, setKnown] = useState<string[]>([]);
  useEffect(() => {
    void knownAnnotators().then(setKnown, () => setKnown([]));
  }, []);
  // Spaces around the name are dropped; one inside is shown as the mistake it is (it was dropped
  // silently: "fred dvc" became "freddvc").
  const chosen = name.trim();
  const valid = isValidAnnotatorName(chosen);
  const invalid = chosen !== '' && !valid;
  return (
    <div className="annotator-gate" data-testid="annotator-gate">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onChoose(chosen);
        }}
      >
        <h2>Who is annotating?</h2>
        <p className="muted">Your name goes into annotations/&lt;name&gt;.jsonl. Each tab or window can be a different person.</p>
        <input
          autoFocus
          aria-label="Annotator name"
          data-testid="annotator-input"
          placeholder="e.g. alice"
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid ? 'annotator-name-error' : undefined}
        />
        <button type="submit" disabled={!valid} data-testid="annotator-start">
          Start annotating
        </button>
        {invalid && (
          <p className="error" id="annotator-name-error">
            Letters, digits, '.', '_' and '-' only.
          </p>
        )}
        {known.length > 0 && (
          <div className="known-annotators">
            <span className="muted">Before on this computer:</span>
            {known.map((entry) => (
              <button key={entry} type="button" onClick={() => onChoose(entry)}>
                {entry}
              </button>
            ))}
          </div>
        )}
      </form>
      {/* Edits the browser would not store stay in sight while nobody is signed in. */}
      <StrandedEdits />
    </div>
  );
}
