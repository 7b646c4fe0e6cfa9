// The shape of the annotation database (IndexedDB through dexie). One row per
// (dataset, task, annotator): that annotator's work on the task, the unit that agreement and
// adjudication compare. Everything an edit touches is in the row, so a save is one put().
import type { JsonObject } from '../../../shared/format/types';

/** A key call as the studio keeps it: the SPEC §5 call plus a stable id and its evidence frame. */
export interface CallEntry {
  /** Stable across reorders; visual references bind to it. */
  id: string;
  tool_name: string;
  parameters: JsonObject;
  /** The frame that shows the evidence for this call, or null. */
  frame: number | null;
}

/** A visual reference (SPEC §5, seconds) with the frames it was marked at and what it fills. */
export interface VisualRefEntry {
  id: string;
  description: string;
  entity: string;
  /** Clip seconds, as exported. */
  start: number;
  end: number;
  /** Inclusive frame range the seconds were derived from. */
  start_frame: number;
  end_frame: number;
  /** The call parameter this reference fills: call id and parameter name; null when unbound. */
  binding: { call: string; param: string } | null;
  /**
   * The parameter the entity fills as the line said it (`param`, e.g. from imported EgoBench
   * ground truth, whose scoring needs it), when no binding to a call of this row says it.
   */
  param?: string;
}

/** What the row was last synchronised with in annotations/<annotator>.jsonl. */
export interface FileBase {
  /** The revision of this task's line in the file at the last import or export. */
  revision: number;
  /** When that import or export happened (ISO-8601). */
  at: string;
}

export interface AnnotationRecord {
  /** The dataset handle from datasets.list (stable for a folder). */
  dataset: string;
  task: string;
  annotator: string;
  calls: CallEntry[];
  visual_refs: VisualRefEntry[];
  status: 'draft' | 'submitted';
  /** +1 for every saved edit; the line with the highest revision wins in the file (SPEC §5). */
  revision: number;
  updated_at: string;
  /** Last import/export of this task from/to the annotator's file; null when never synchronised. */
  base: FileBase | null;
  /** The editor's text when it does not parse as calls (kept so that nothing typed is lost). */
  editor_text: string | null;
}

/** Per (dataset, annotator): the file as last read or written, to detect changes on disk. */
export interface FileSyncRecord {
  dataset: string;
  annotator: string;
  /** dataset-relative path, annotations/<annotator>.jsonl */
  path: string;
  /** Hash of the file's text at the last read or write; null when the file did not exist. */
  hash: string | null;
  at: string;
}

/**
 * One saved edit on its way to annotations/<annotator>.jsonl on the host (write-through): the
 * line as saved, sent in `seq` order. Entries wait here while the host cannot be reached.
 */
export interface OutboxEntry {
  /** Auto-increment: the order of the saves. */
  seq?: number;
  dataset: string;
  annotator: string;
  task: string;
  revision: number;
  /** The SPEC §5 line (with the studio's extras), JSON without the newline. */
  line: string;
}

export interface AnnotatorRecord {
  name: string;
  created_at: string;
  last_used_at: string;
}

/** Version 1 of a row, before file synchronisation and call ids existed. */
export interface AnnotationRecordV1 {
  dataset: string;
  task: string;
  annotator: string;
  calls: { tool_name: string; parameters: JsonObject }[];
  visual_refs: { id: string; description: string; entity: string; start: number; end: number }[];
  status: 'draft' | 'submitted';
  revision: number;
  updated_at: string;
}
