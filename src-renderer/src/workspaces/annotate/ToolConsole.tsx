// The tool console: run the ground truth so far (or one call) against a sandbox copy of the seed
// database in a worker; see each result and the state difference after each write; type a call,
// run it after the sequence, append it to the ground truth.
import { useRef, useState } from 'react';
import type { ScenarioDef } from '../../../../shared/format/types';
import { newId } from '../../db/annotationDb';
import { noCalls, useAnnotateStore } from './annotateStore';
import { parseCallsText } from './callsText';
import { StateDiffTable } from '../../components/StateDiffTable';
import { toolConsole } from './toolConsoleClient';
import type { StepOutcome } from './toolConsoleProtocol';

const toolName = (outcome: StepOutcome) => (outcome.call as { tool_name?: string }).tool_name;

/** What the live region says once calls ran: how many results, and which calls failed. */
function resultSummary(outcomes: StepOutcome[]): string {
  if (outcomes.length === 0) return '';
  const failed = outcomes.filter((outcome) => !outcome.result.ok).map((outcome) => `${outcome.index + 1}. ${toolName(outcome) ?? '?'}`);
  const results = outcomes.length === 1 ? '1 result' : `${outcomes.length} results`;
  if (failed.length === 0) return outcomes.length === 1 ? `${results}: succeeded` : `${results}: all succeeded`;
  return `${results}, ${failed.length} failed: ${failed.join(', ')}`;
}

export function ToolConsole({ scenario }: { scenario: ScenarioDef }) {
  const [outcomes, setOutcomes] = useState<StepOutcome[]>([]);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const calls = useAnnotateStore((state) => state.record?.calls ?? noCalls);
  const input = useRef<HTMLInputElement>(null);

  const specCalls = calls.map(({ tool_name, parameters }) => ({ tool_name, parameters }));
  const run = async (sequence: unknown[], report?: number[]) => {
    setBusy(true);
    setError(null);
    try {
      setOutcomes((await toolConsole.run(scenario, sequence, report)).outcomes);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };
  const typedCall = () => {
    const parsed = parseCallsText(`[${typed}]`);
    if (!parsed.ok || parsed.calls.length !== 1) {
      setError(parsed.ok ? 'type one call: {"tool_name": ..., "parameters": {...}}' : parsed.message);
      return null;
    }
    return parsed.calls[0];
  };

  // aria-disabled, not disabled, where a press makes the button unusable: a disabled button
  // loses the focus, which fell to <body> while the calls ran.
  const canRunAll = !busy && calls.length > 0;
  const canRunTyped = !busy && typed.trim() !== '';

  return (
    <section className="tool-console" data-testid="tool-console" aria-label="Tool console">
      <div className="console-bar">
        <button type="button" className="primary" aria-disabled={!canRunAll} onClick={() => canRunAll && void run(specCalls)} data-testid="console-run-all">
          Run sequence
        </button>
        <span className="muted">{calls.length} call(s) from the seed state</span>
      </div>
      <form
        className="console-input"
        onSubmit={(event) => {
          event.preventDefault();
          if (!canRunTyped) return;
          const call = typedCall();
          if (call) void run([...specCalls, call], [specCalls.length]);
        }}
      >
        <input
          ref={input}
          aria-label="Call to run"
          data-testid="console-input"
          placeholder={`{"tool_name": "${scenario.library.tools[0]?.name ?? 'tool'}", "parameters": {...}}`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" aria-disabled={!canRunTyped}>
          Run
        </button>
        <button
          type="button"
          disabled={typed.trim() === ''}
          data-testid="console-append"
          onClick={() => {
            const call = typedCall();
            const state = useAnnotateStore.getState();
            if (!call || !state.record) return;
            if (!state.replaceCalls([...state.record.calls, { id: newId('c'), frame: null, ...call }])) return;
            // Ready for the next call; emptied, the input disables this button, which would drop the focus to <body>.
            input.current?.focus();
            setTyped('');
          }}
        >
          Append
        </button>
      </form>
      {/* Polite: a run's outcome is announced without reading every result aloud. */}
      <div role="status" className="console-status">
        {error ? <div className="console-error">{error}</div> : busy ? <span className="muted">Running…</span> : <span className="muted">{resultSummary(outcomes)}</span>}
      </div>
      <ol className="console-results">
        {outcomes.map((outcome) => {
          const name = toolName(outcome);
          return (
            <li key={outcome.index} className={outcome.result.ok ? 'ok' : 'failed'}>
              <div className="console-call">
                <span className="call-index">{outcome.index + 1}</span>
                <code>{name ?? '?'}</code>
                {outcome.index < calls.length && (
                  <button type="button" title="Run only this call (after the calls before it)" onClick={() => void run(specCalls.slice(0, outcome.index + 1), [outcome.index])}>
                    run alone
                  </button>
                )}
              </div>
              {/* Focusable: a long result scrolls, and the keyboard must reach it too. */}
              <pre className="console-result" tabIndex={0} aria-label={`Result of ${name ?? 'the call'}`}>
                {JSON.stringify(outcome.result.result, null, 1)}
              </pre>
              {outcome.result.ok && outcome.diff.length > 0 && <StateDiffTable diffs={outcome.diff} />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
