// Replay's clip row: the task's clip with its visual references, and beside it the label's
// evidence set against it (perception: the entity against the value used; hallucination: the
// value and what could have grounded it).
import type { ReplayDetail } from '../../evaluation/protocol';
import type { ClipController } from '../../video/clipController';
import type { VisualRef } from '../../../../shared/format/types';
import { HallucinationPanel } from './HallucinationPanel';
import { hallucinationEvidence, perceptionEvidence } from './evidenceModel';
import { PerceptionPanel } from './PerceptionPanel';
import { ReplayClip, useClipFps } from './ReplayClip';

interface Props {
  datasetId: string;
  detail: ReplayDetail;
  controller: ClipController;
  mediaUrl: string | null;
  evidenceRef: string | null;
  selectedRef: string | null;
  onSelectRef(ref: VisualRef): void;
}

export function ClipEvidence({ datasetId, detail, controller, mediaUrl, evidenceRef, selectedRef, onSelectRef }: Props) {
  const fps = useClipFps(controller, detail.task);
  const perception = detail.row.label === 'perception' ? perceptionEvidence(detail.row.evidence) : null;
  const hallucination = detail.row.label === 'hallucination' ? hallucinationEvidence(detail.row.evidence) : null;
  return (
    <div className={perception || hallucination ? 'clip-evidence with-evidence' : 'clip-evidence'}>
      <section className="panel" aria-label="Clip">
        <ReplayClip controller={controller} task={detail.task} mediaUrl={mediaUrl} visualRefs={detail.groundTruth.visual_refs} evidenceRef={evidenceRef} selectedRef={selectedRef} onSelectRef={onSelectRef} />
      </section>
      {perception && (
        <div className="panel">
          <PerceptionPanel datasetId={datasetId} detail={detail} evidence={perception} controller={controller} src={mediaUrl} fps={fps} />
        </div>
      )}
      {hallucination && (
        <div className="panel">
          <HallucinationPanel datasetId={datasetId} detail={detail} evidence={hallucination} />
        </div>
      )}
    </div>
  );
}
