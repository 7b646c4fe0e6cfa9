// The agreement panel of one task (Annotate and Adjudicate): SPEC §11 figures of two annotators
// and which calls differ, live: this browser's edits through dexie, other annotators' files when
// they change on disk. Hidden in Annotate while the project annotates blind.
import { useState } from 'react';
import { useTeam } from '../shell/teamIdentity';
import { useAgreementData } from './agreementData';
import { DifferingCalls } from './DifferingCalls';
import { tabAnnotator, useTaskAgreement } from './useTaskAgreement';
import './agreement.css';

export interface AgreementPanelProps {
  datasetId: string;
  taskId: string;
  /** The pair to compare; by default this tab's annotator and the first other annotator of the task. */
  annotators?: readonly [string, string] | null;
  /** 'annotate' (default) honours the project's blind setting; 'adjudicate' always shows. */
  context?: 'annotate' | 'adjudicate';
}

const fixed = (x: number) => x.toFixed(3).replace(/\.?0+$/, '') || '0';

function Flag({ label, value, testId }: { label: string; value: boolean; testId: string }) {
  return (
    <div className={`agreement-figure ${value ? 'yes' : 'no'}`} data-testid={testId} data-value={String(value)}>
      <span className="figure-label">{label}</span>
      <span className="figure-value">{value ? '✓ yes' : '✗ no'}</span>
    </div>
  );
}

export function AgreementPanel({ datasetId, taskId, annotators = null, context = 'annotate' }: AgreementPanelProps) {
  const blind = useAgreementData((state) => state.settings.hideAgreementWhileAnnotating && state.datasetId === datasetId);
  // On a team host a blind annotator is not sent another's lines of a task before submitting it: "nobody" may not be so.
  const hiddenByHost = useTeam()?.role === 'annotator' && blind;
  const [chosen, setChosen] = useState<[string | null, string | null]>([null, null]);
  const preferred = annotators ? [...annotators] : [chosen[0] ?? tabAnnotator(), chosen[1]];
  const state = useTaskAgreement(datasetId, taskId, preferred);
  if (blind && context === 'annotate')
    return (
      <section className="agreement-panel hidden" data-testid="agreement-panel" data-hidden="true">
        <span className="muted">Agreement hidden: this project annotates blind.</span>
      </section>
    );
  const { pair, a, b, comparison } = state;
  return (
    <section className="agreement-panel" data-testid="agreement-panel" data-task-id={taskId} data-exact={comparison ? String(comparison.exact) : undefined}>
      <header>
        <h3>Agreement</h3>
        {!annotators && state.available.length > 2 && pair && (
          <span className="agreement-pair">
            {[0, 1].map((side) => (
              <select
                key={side}
                aria-label={side === 0 ? 'Annotator A' : 'Annotator B'}
                value={pair[side]}
                onChange={(event) => setChosen(side === 0 ? [event.target.value, pair[1]] : [pair[0], event.target.value])}
              >
                {state.available.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            ))}
          </span>
        )}
        {pair && (
          <span className="muted agreement-who" data-testid="agreement-pair">
            {pair[0]} (rev {a?.revision}, {a?.status}) vs {pair[1]} (rev {b?.revision}, {b?.status})
          </span>
        )}
      </header>
      {state.error && <div className="agreement-error">{state.error}</div>}
      {!pair && !state.loading && (
        <p className="muted" data-testid="agreement-waiting">
          {state.available.length === 1 ? `Only ${state.available[0]} has annotated this task so far.` : 'Nobody has annotated this task yet.'}
          {hiddenByHost && " Another annotator's work on it stays hidden until you submit yours (blind annotation)."}
        </p>
      )}
      {pair && !comparison && !state.error && <p className="muted">Comparing…</p>}
      {pair && a && b && comparison && (
        <>
          <div className="agreement-figures">
            <Flag label="exact" value={comparison.exact} testId="agreement-exact" />
            <Flag label="seq_exact" value={comparison.seq_exact} testId="agreement-seq-exact" />
            <div className="agreement-figure" data-testid="agreement-call-f1" data-value={comparison.call_f1}>
              <span className="figure-label">call_f1</span>
              <span className="figure-value">{fixed(comparison.call_f1)}</span>
            </div>
            <Flag label="state_equal" value={comparison.state_equal} testId="agreement-state-equal" />
          </div>
          <DifferingCalls comparison={comparison} a={a} b={b} names={pair} />
        </>
      )}
    </section>
  );
}
