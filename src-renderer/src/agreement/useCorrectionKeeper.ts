// Keeps a ground-truth correction in progress (correctionDraft.ts) as it changes: in this browser
// at once, and through the adjudicator's queue of drafts (draftWriteThrough.ts: kept in
// localStorage until the host has it, tried again while it is away, drained when Adjudicate opens)
// in their file. When the task's ground truth is shown, the copy to go on from is found once: the
// later of this browser's and the file's, unless this browser has cancelled or written it since.
import { useEffect, useRef, useState } from 'react';
import { seenTime } from './adjudicationDrafts';
import { browserCorrection, keepInBrowser, laterCorrection, type Correction } from './correctionDraft';
import { keptInBrowserText, type DraftHost, type DraftHostStatus } from './draftWriteThrough';

/**
 * `host`: the adjudicator's file of drafts (null: no one named yet, or not one who may write it:
 * this browser only). `found`: the copy to go on from (null: none), once looked for; undefined
 * until then.
 */
export function useCorrectionKeeper(datasetId: string, taskId: string, host: DraftHost | null) {
  const [found, setFound] = useState<Correction | null | undefined>(() => (host === null ? browserCorrection(datasetId, taskId).correction : undefined));
  const lookedFor = useRef(host === null);
  useEffect(() => {
    if (lookedFor.current || host === null) return;
    lookedFor.current = true;
    let live = true;
    const weigh = (inFile: Correction | null) => {
      if (!live) return;
      if (inFile) seenTime(inFile.updatedAt);
      // Read now, not when the view opened: what this page did meanwhile is in it.
      const mine = browserCorrection(datasetId, taskId);
      // A copy in the file from before this browser cancelled or wrote it is not taken up again.
      const fileCopy = inFile && mine.removedAt !== undefined && !(Date.parse(inFile.updatedAt) > Date.parse(mine.removedAt)) ? null : inFile;
      setFound(laterCorrection(mine.correction, fileCopy));
    };
    host.loadCorrection(taskId).then(weigh, () => weigh(null));
    return () => {
      live = false;
    };
  }, [datasetId, taskId, host]);

  /** The file each change went to: a change under another name takes the line out of the one before. */
  const wentTo = useRef<DraftHost | null>(null);
  /** Keeps the correction as it is now (null: written or cancelled, so forgotten). */
  const keep = (correction: Correction | null) => {
    keepInBrowser(datasetId, taskId, correction);
    if (wentTo.current && wentTo.current !== host && wentTo.current.path !== host?.path) wentTo.current.saveCorrection(taskId, null);
    host?.saveCorrection(taskId, correction);
    wentTo.current = host;
  };
  return { found, keep };
}

/** Where the correction in progress is kept, as the editor says it. */
export type CorrectionKept = { kind: 'saving' | 'saved' | 'browser-only' | 'failing'; text: string };

/** What the editor says of where its changes are kept: the file's status (`status`, its last write), once something was changed. */
export function correctionKept(host: DraftHost | null, status: DraftHostStatus | null, changed: boolean): CorrectionKept | null {
  if (!changed) return null;
  if (host === null) return { kind: 'browser-only', text: 'Kept in this browser only: give the adjudicator’s name to keep it in the dataset.' };
  switch (status?.kind) {
    case undefined:
    case 'waiting':
      return { kind: 'saving', text: `Keeping it in ${host.path}…` };
    case 'saved':
    case 'conflict': // an adjudication draft's, not this correction's
      return { kind: 'saved', text: `Kept in ${host.path}.` };
    case 'offline':
    case 'failing':
    case 'refused':
      return { kind: 'failing', text: `Kept ${keptInBrowserText(status)}` };
  }
}
