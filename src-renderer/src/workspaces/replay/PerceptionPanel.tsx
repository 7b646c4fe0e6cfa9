// A perception failure side by side: the entity the ground truth names (and the clip shows) and
// the value the agent used at the same parameter path, each with the database rows it finds, and
// a filmstrip of the visual reference's frames (a click shows that frame).
import type { ReplayDetail } from '../../evaluation/protocol';
import type { ClipController } from '../../video/clipController';
import { refFrames } from '../../video/refRanges';
import { useFilmstrip } from '../../video/useFilmstrip';
import { EntityRows } from './EntityRows';
import { entityColumn, schemaAt, type PerceptionEvidence } from './evidenceModel';
import { useReplayScenario } from './useReplayScenario';

const STRIP = 8;

interface Props {
  datasetId: string;
  detail: ReplayDetail;
  evidence: PerceptionEvidence;
  controller: ClipController;
  src: string | null;
  fps: number;
}

/** At most `count` frames from first to last, evenly apart, both ends included. */
function spread(first: number, last: number, count: number): number[] {
  const n = Math.min(count, last - first + 1);
  return Array.from({ length: n }, (_, i) => first + Math.round((i * (last - first)) / Math.max(1, n - 1)));
}

export function PerceptionPanel({ datasetId, detail, evidence, controller, src, fps }: Props) {
  const { scenario, error } = useReplayScenario(datasetId, detail.row.scenario);
  const gtCall = detail.groundTruth.calls[evidence.gt_call];
  const column = scenario && gtCall ? entityColumn(schemaAt(scenario, gtCall, evidence.path)) : null;
  const ref = detail.groundTruth.visual_refs.find((r) => r.id === evidence.visual_ref);
  const frames = ref ? refFrames(ref, fps) : null;
  const stripFrames = frames ? spread(frames.first, frames.last, STRIP) : [];
  const thumbs = useFilmstrip(controller, src, stripFrames, fps, 64);
  const at = `${evidence.tool_name}.${evidence.path}`;
  return (
    <section className="evidence-panel perception" aria-label="Perception evidence" data-testid="perception-panel">
      <h3>Perception: what the clip shows against what the agent used</h3>
      {error && <p className="error-text">Cannot read the scenario: {error}</p>}
      <div className="side-by-side">
        {/* Each side scrolls sideways (the entity's rows): focusable, so the keyboard scrolls it too. */}
        <div className="side ground-truth" data-testid="perception-truth" tabIndex={0} role="region" aria-label="Ground truth's entity">
          <h4>Ground truth (call {evidence.gt_call + 1})</h4>
          <p>
            <code>{at}</code> = <strong data-testid="perception-entity">{evidence.entity}</strong>
          </p>
          {ref && <p className="muted">“{ref.description}”</p>}
          <EntityRows scenario={scenario} column={column} value={evidence.entity} />
        </div>
        <div className="side agent" data-testid="perception-agent" tabIndex={0} role="region" aria-label="The agent's value">
          <h4>Agent (call {evidence.entry + 1})</h4>
          <p>
            <code>{at}</code> = <strong data-testid="perception-value">{evidence.value}</strong>
          </p>
          <EntityRows scenario={scenario} column={column} value={evidence.value} />
        </div>
      </div>
      {frames ? (
        <div className="reference-strip" data-testid="reference-strip" aria-label={`Frames ${frames.first} to ${frames.last} of the visual reference`}>
          {stripFrames.map((frame) => {
            const thumb = thumbs.find((t) => t.frame === frame);
            return (
              <button key={frame} type="button" onClick={() => void controller.seekFrame(frame)} title={`Show frame ${frame}`}>
                {thumb ? <img src={thumb.url} alt={`frame ${frame}`} /> : <span className="thumb-pending" />}
                <span className="muted">f{frame}</span>
              </button>
            );
          })}
        </div>
      ) : (
        <p className="muted">The visual reference has no frames (no times in the file).</p>
      )}
    </section>
  );
}
