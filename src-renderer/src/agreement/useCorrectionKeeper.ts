// Keeps a ground-truth correction in progress (correctionDraft.ts) as it changes: in this browser
// at once, in the adjudicator's file of drafts about a second later (tried again every 2 s while
// the host cannot be reached, after the view closes too), and finds it again when the task's
// ground truth is shown (the later of the browser's and the file's copy).
import { useEffect, useMemo, useState } from 'react';
import { studioApi } from '../api/studio';
import { rewriteFile } from '../api/file-rewrite';
import { describeHostFailure } from '../state/hostErrors';
import { browserCorrection, correctionIn, keepInBrowser, laterCorrection, withCorrection, type Correction } from './correctionDraft';
import { draftFilePath } from './draftFile';

const SAVE_DELAY_MS = 300;
const RETRY_MS = 2000;

/** Where the correction in progress is kept, as the editor says it. */
export type CorrectionKept = { kind: 'saving' | 'saved' | 'browser-only' | 'failing'; text: string };

/** A change for a file (null: the task's line removed). */
interface Change {
  datasetId: string;
  taskId: string;
  adjudicator: string;
  correction: Correction | null;
}

/** Writes the latest change, a moment after it (a burst of keys is one write), again until it is in. */
class CorrectionWriter {
  private pending: Change | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly onKept: (kept: CorrectionKept | null) => void) {}

  queue(change: Change): void {
    // Another task's or file's change still waiting goes out first.
    if (this.pending && (this.pending.taskId !== change.taskId || this.pending.adjudicator !== change.adjudicator || this.pending.datasetId !== change.datasetId)) this.flush();
    this.pending = change;
    if (change.correction) this.onKept({ kind: 'saving', text: 'Keeping…' });
    this.later(SAVE_DELAY_MS);
  }

  /** Sends what waits now (the view closes). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.send();
  }

  private later(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), ms);
  }

  private send(): void {
    const change = this.pending;
    if (!change) return;
    const path = draftFilePath(change.adjudicator);
    rewriteFile(studioApi(), change.datasetId, path, (text) => withCorrection(text, change.adjudicator, change.taskId, change.correction)).then(
      () => {
        if (this.pending !== change) return; // a later change is on its way
        this.pending = null;
        this.onKept(change.correction ? { kind: 'saved', text: `Kept in ${path}.` } : null);
      },
      (error: unknown) => {
        if (this.pending !== change) return;
        this.onKept({ kind: 'failing', text: `${describeHostFailure(`Cannot keep the correction in ${path}`, error)} It is kept in this browser and tried again.` });
        this.later(RETRY_MS);
      },
    );
  }
}

/**
 * `adjudicator`: whose file of drafts holds it (null: none named yet, or not one to write it: this
 * browser only). `found`: the copy to go on from when the view opens (null: none), once looked for.
 */
export function useCorrectionKeeper(datasetId: string, taskId: string, adjudicator: string | null) {
  const [kept, setKept] = useState<CorrectionKept | null>(null);
  const [writer] = useState(() => new CorrectionWriter(setKept));
  useEffect(() => () => writer.flush(), [writer]);
  const of = JSON.stringify([datasetId, taskId, adjudicator]);
  // Read once for the task: the page's own later changes are its own.
  const inBrowser = useMemo(() => browserCorrection(datasetId, taskId), [datasetId, taskId]);
  const [fileCopy, setFileCopy] = useState<{ of: string; correction: Correction | null } | null>(null);
  useEffect(() => {
    if (adjudicator === null) return;
    let live = true;
    studioApi()
      .datasets.readVersioned(datasetId, draftFilePath(adjudicator))
      .then(
        ({ text }) => live && setFileCopy({ of, correction: correctionIn(text, taskId) }),
        () => live && setFileCopy({ of, correction: null }),
      );
    return () => {
      live = false;
    };
  }, [datasetId, taskId, adjudicator, of]);
  const found = useMemo(
    () => (adjudicator === null ? { correction: inBrowser } : fileCopy?.of === of ? { correction: laterCorrection(inBrowser, fileCopy.correction) } : null),
    [adjudicator, inBrowser, fileCopy, of],
  );

  /** Keeps the correction as it is now (null: written or cancelled, so forgotten). */
  const keep = (correction: Correction | null) => {
    keepInBrowser(datasetId, taskId, correction);
    if (adjudicator === null) setKept(correction ? { kind: 'browser-only', text: 'Kept in this browser only: give the adjudicator’s name to keep it in the dataset.' } : null);
    else writer.queue({ datasetId, taskId, adjudicator, correction });
  };

  return { found, kept, keep };
}
