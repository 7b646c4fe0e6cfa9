// Where the annotator's saved edits stand on the host: in the file, being sent, `offline, N
// unsent` (kept in this browser, sent in order when the host is back), or waiting for a choice.
import { annotationFilePath } from '../../db/annotationFile';
import { useAnnotateStore } from './annotateStore';

export function WriteThroughBadge() {
  const annotator = useAnnotateStore((state) => state.annotator);
  const datasetId = useAnnotateStore((state) => state.datasetId);
  const { state, unsent, message } = useAnnotateStore((state) => state.writeThrough);
  if (!annotator || !datasetId) return null;
  const file = annotationFilePath(annotator);
  const text =
    state === 'offline'
      ? `offline, ${unsent} unsent`
      : state === 'held'
        ? `${file} gone: kept here`
        : state === 'conflict'
        ? `${file}: choose what to keep`
        : state === 'error'
          ? `not written, ${unsent} unsent`
          : unsent > 0
            ? `sending ${unsent}…`
            : `written to ${file}`;
  return (
    <span className={`write-through ${state}`} data-testid="write-through" data-state={state} data-unsent={unsent} title={message ?? `Every saved edit is appended to ${file} on the host`}>
      {text}
    </span>
  );
}
