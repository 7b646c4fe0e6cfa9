// Per-call panels of the Replay view: parameters, recorded vs replayed result, the state diff,
// and the ground-truth comparison.
import type { ReplayDetail, ReplayStep } from '../../evaluation/protocol';
import { ClosestTry } from './ClosestTry';

/** The last key of each differing path (`products[0].price` -> price), to mark its lines. */
function markedKeys(paths: string[]): Set<string> {
  return new Set(paths.map((p) => /([A-Za-z0-9_$-]+)(?:\[\d+\])*$/.exec(p)?.[1] ?? p));
}

export function Json({ value, marked = [] }: { value: unknown; marked?: string[] }) {
  const text = value === undefined ? '—' : JSON.stringify(value, null, 2);
  if (marked.length === 0) return <pre className="json">{text}</pre>;
  const whole = marked.includes('(whole result)');
  const keys = markedKeys(marked);
  return (
    <pre className="json" title={`differs at: ${marked.join(', ')}`}>
      {text.split('\n').map((line, i) => {
        const key = /^\s*"([^"]+)":/.exec(line)?.[1];
        const hit = whole || (key !== undefined && keys.has(key));
        return (
          <span key={i} className={hit ? 'json-line differs-line' : 'json-line'}>
            {line}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}

export function CallDetail({ step, evidenceHere }: { step: ReplayStep; evidenceHere: boolean }) {
  const name = step.call?.tool_name ?? '(malformed entry)';
  const differs = step.resultDiff !== null && step.resultDiff.length > 0;
  return (
    <div className={`call-detail${evidenceHere ? ' evidence' : ''}`}>
      <h3>
        <span className="mono">{name}</span> <span className="muted">turn {step.turn}</span>
        {step.replayed.ok ? null : <span className="pill error">call failed</span>}
        {evidenceHere ? <span className="pill evidence-pill">evidence</span> : null}
      </h3>
      <div className="call-columns">
        <section>
          <h4>Parameters</h4>
          <Json value={step.call ? step.call.parameters : step.raw} />
        </section>
        <section>
          <h4>
            Recorded result
            {step.recorded === null ? <span className="muted"> (none; the replayed result stands in)</span> : null}
            {step.recordedShared ? <span className="muted"> (shared by the item’s calls)</span> : null}
          </h4>
          {step.recorded === null ? <p className="muted">—</p> : <Json value={step.recorded.length === 1 ? step.recorded[0] : step.recorded} />}
        </section>
        <section className={differs ? 'differs' : undefined}>
          <h4>
            Replayed result{' '}
            {step.resultDiff === null ? null : differs ? (
              <span className="pill error" title={step.resultDiff.join(', ')}>
                differs at {step.resultDiff.slice(0, 3).join(', ')}
                {step.resultDiff.length > 3 ? '…' : ''}
              </span>
            ) : (
              <span className="pill ok">same as recorded</span>
            )}
          </h4>
          <Json value={step.replayed.result} marked={step.resultDiff ?? []} />
        </section>
      </div>
    </div>
  );
}

export function GroundTruthCompare({ detail, currentEntry, onGoto }: { detail: ReplayDetail; currentEntry: number | null; onGoto(entry: number): void }) {
  const extra = detail.steps.filter((s) => s.call && s.gtIndex === null);
  const malformed = detail.steps.filter((s) => !s.call);
  const currentGt = currentEntry === null ? null : (detail.steps[currentEntry]?.gtIndex ?? null);
  const unmatched = extra.map((s) => ({ index: s.index, call: s.call! }));
  const matchedElsewhere = detail.steps.filter((s) => s.call && s.gtIndex !== null).map((s) => ({ index: s.index, call: s.call! }));
  return (
    <div className="gt-compare" data-testid="gt-compare">
      <p className="muted">
        {detail.row.matched} of {detail.row.gt_calls} ground-truth calls matched; {extra.length} extra agent call{extra.length === 1 ? '' : 's'}
        {malformed.length ? `, ${malformed.length} malformed` : ''}.
      </p>
      <ol className="gt-list">
        {detail.gt.map((g) => (
          <li key={g.index} className={`gt-call ${g.entry === null ? 'missing' : 'matched'}${currentGt === g.index ? ' current' : ''}`}>
            <span className={`pill ${g.entry === null ? 'error' : 'ok'}`}>{g.entry === null ? 'missing' : 'matched'}</span>{' '}
            <span className="mono">{g.call.tool_name}</span> <span className="mono muted params">{JSON.stringify(g.call.parameters)}</span>
            {g.entry !== null ? (
              <button type="button" className="link-button" onClick={() => onGoto(g.entry!)}>
                call {g.entry + 1}
              </button>
            ) : (
              <ClosestTry truth={g.call} unmatched={unmatched} matched={matchedElsewhere} onGoto={onGoto} />
            )}
          </li>
        ))}
      </ol>
      {extra.length > 0 ? (
        <>
          <h4>Extra agent calls</h4>
          <ul className="gt-list">
            {extra.map((s) => (
              <li key={s.index} className={`gt-call extra${currentEntry === s.index ? ' current' : ''}`}>
                <span className="pill warn">extra</span> <span className="mono">{s.call!.tool_name}</span>{' '}
                <button type="button" className="link-button" onClick={() => onGoto(s.index)}>
                  call {s.index + 1}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
