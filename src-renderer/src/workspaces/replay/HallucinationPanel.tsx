// A hallucination: the value the agent used that nothing grounds, and where a grounded value
// would have come from: what the cascade looked at (SPEC §9.3, shared/eval/grounding.ts): the
// user's messages up to the call's turn, the results of every call before it, the seed
// database's text values and the parameter's allowed values.
import type { ReplayDetail } from '../../evaluation/protocol';
import { EntityRows } from './EntityRows';
import { entityColumn, schemaAt, type HallucinationEvidence } from './evidenceModel';
import { useReplayScenario } from './useReplayScenario';

const SHOWN_CHARS = 240;

const brief = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
};

export function HallucinationPanel({ datasetId, detail, evidence }: { datasetId: string; detail: ReplayDetail; evidence: HallucinationEvidence }) {
  const { scenario } = useReplayScenario(datasetId, detail.row.scenario);
  const call = detail.steps[evidence.entry]?.call ?? null;
  const schema = scenario && call ? schemaAt(scenario, call, evidence.path) : undefined;
  const column = entityColumn(schema);
  const users = detail.trajectory.dialogue.filter((m) => m.role === 'user' && (m.turn ?? 0) <= evidence.turn);
  const earlier = detail.steps.filter((s) => s.index < evidence.entry);
  return (
    <section className="evidence-panel hallucination" aria-label="Hallucination evidence" data-testid="hallucination-panel">
      <h3>Hallucination: a value nothing grounds</h3>
      <p>
        Call {evidence.entry + 1} <code>{`${evidence.tool_name}.${evidence.path}`}</code> = <strong data-testid="hallucination-value">{JSON.stringify(evidence.value)}</strong>, found in none of:
      </p>
      <ol className="grounding-sources">
        <li>
          <strong>What the user said</strong> up to turn {evidence.turn}:
          {users.length === 0 ? (
            <span className="muted"> nothing</span>
          ) : (
            <ul>
              {users.map((m, i) => (
                <li key={i}>
                  <span className="muted">turn {m.turn ?? 0}:</span> {brief(m.content)}
                </li>
              ))}
            </ul>
          )}
        </li>
        <li>
          <strong>Results of the calls before it</strong>:
          {earlier.length === 0 ? (
            <span className="muted"> none (it is the first call)</span>
          ) : (
            <ul>
              {earlier.map((s) => (
                <li key={s.index}>
                  <span className="muted">call {s.index + 1} {s.call?.tool_name ?? '(malformed)'}:</span> <code>{brief(s.recorded ?? s.replayed.result)}</code>
                </li>
              ))}
            </ul>
          )}
        </li>
        <li>
          <strong>The scenario’s database</strong> (every text value of its seed){column ? <>; in <code>{column}</code>, the column this parameter names:</> : '.'}
          {column && <EntityRows scenario={scenario} column={column} value={String(evidence.value)} />}
        </li>
        {schema?.enum && (
          <li>
            <strong>The parameter’s allowed values</strong>: <code>{schema.enum.map((v) => JSON.stringify(v)).join(', ')}</code>
          </li>
        )}
      </ol>
    </section>
  );
}
