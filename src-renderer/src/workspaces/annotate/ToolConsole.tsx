// The tool console: run the ground truth so far (or one call) against a sandbox copy of the seed
// database in a worker; see each result and the state difference after each write; type a call,
// run it after the sequence, append it to the ground truth.
import { useState } from 'react';
import type { ScenarioDef } from '../../../../shared/format/types';
import { newId } from '../../db/annotationDb';
import { noCalls, useAnnotateStore } from './annotateStore';
import { parseCallsText } from './callsText';
import { StateDiffTable } from '../../components/StateDiffTable';
import { toolConsole } from './toolConsoleClient';
import type { StepOutcome } from './toolConsoleProtocol';

export function ToolConsole({ scenario }: { scenario: ScenarioDef }) {
  const [outcomes, setOutcomes] = useState<StepOutcome[]>([]);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const calls = useAnnotateStore((state) => state.record?.calls ?? noCalls);

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

  return (
    <section className="tool-console" data-testid="tool-console" aria-label="Tool console">
      <div className="console-bar">
        <button type="button" className="primary" disabled={busy || calls.length === 0} onClick={() => void run(specCalls)} data-testid="console-run-all">
          Run sequence
        </button>
        <span className="muted">{busy ? 'Running…' : `${calls.length} call(s) from the seed state`}</span>
      </div>
      <form
        className="console-input"
        onSubmit={(event) => {
          event.preventDefault();
          const call = typedCall();
          if (call) void run([...specCalls, call], [specCalls.length]);
        }}
      >
        <input
          aria-label="Call to run"
          data-testid="console-input"
          placeholder={`{"tool_name": "${scenario.library.tools[0]?.name ?? 'tool'}", "parameters": {...}}`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" disabled={busy || typed.trim() === ''}>
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
            if (state.replaceCalls([...state.record.calls, { id: newId('c'), frame: null, ...call }])) setTyped('');
          }}
        >
          Append
        </button>
      </form>
      {error && <div className="console-error">{error}</div>}
      <ol className="console-results">
        {outcomes.map((outcome) => {
          const call = outcome.call as { tool_name?: string };
          return (
            <li key={outcome.index} className={outcome.result.ok ? 'ok' : 'failed'}>
              <div className="console-call">
                <span className="call-index">{outcome.index + 1}</span>
                <code>{call.tool_name ?? '?'}</code>
                {outcome.index < calls.length && (
                  <button type="button" title="Run only this call (after the calls before it)" onClick={() => void run(specCalls.slice(0, outcome.index + 1), [outcome.index])}>
                    run alone
                  </button>
                )}
              </div>
              {/* Focusable: a long result scrolls, and the keyboard must reach it too. */}
              <pre className="console-result" tabIndex={0} aria-label={`Result of ${call.tool_name ?? 'the call'}`}>
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
