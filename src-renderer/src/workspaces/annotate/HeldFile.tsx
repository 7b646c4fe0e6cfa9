// The annotator's file went away at once, or most of it (a branch switch; writeThrough.ts holds it):
// said in the bar as held edits are (StrandedEdits), with the choice: write the tasks back now, or
// wait for the file to come back (the browser keeps them meanwhile, and takes the file up again then).
import { useState } from 'react';
import { annotationFilePath } from '../../db/annotationFile';
import { useAnnotateStore } from './annotateStore';
import { writeBackHeld } from './writeThrough';

export function HeldFile() {
  const held = useAnnotateStore((state) => state.writeThrough.held);
  const annotator = useAnnotateStore((state) => state.annotator);
  const [waiting, setWaiting] = useState(false);
  if (!held || !annotator) return null;
  const file = annotationFilePath(annotator);
  const count = held.tasks.length;
  return (
    <span className="save-state error" role="status" data-testid="held-file" title={held.tasks.join(', ')}>
      {held.gone ? `${file} is gone` : `${file} lost ${count} of its tasks at once`} (another branch checked out?): your {count} task(s) are kept in
      this browser and nothing is written{waiting ? ' until the file comes back' : ''}.{' '}
      <button type="button" className="link" data-testid="held-write-back" onClick={() => void writeBackHeld()}>
        Write my {count} task(s) back now
      </button>
      {!waiting && (
        <>
          {' '}
          <button type="button" className="link" data-testid="held-wait" onClick={() => setWaiting(true)}>
            Wait for the file
          </button>
        </>
      )}
    </span>
  );
}
