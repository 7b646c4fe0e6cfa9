// The annotation database. Versions only ever get added: a user's browser may hold any older
// one, and dexie runs each upgrade in order when the page opens it (tested in Chromium by
// e2e/browser/annotate-db-upgrade.spec.ts; the row upgrade itself in annotationDb.test.ts).
//
// v1: annotations keyed by [dataset+task+annotator]; annotators.
// v2: calls get ids and evidence frames, references their frames and bindings, rows their file
//     base (last import/export); fileSync remembers the hash of each annotator file as read.
// v3: outbox: every saved edit as the line written through to the host, kept until it is sent.
import { Dexie, type EntityTable, type Table, type Transaction } from 'dexie';
import { secondsToFrameRange } from '../../../shared/frames/frames';
import { isValidLine, toAnnotationLine } from './annotationFile';
import type { AnnotationRecord, AnnotationRecordV1, AnnotatorRecord, FileSyncRecord, OutboxEntry } from './schema';

export const DB_NAME = 'egobench-annotations';

/** Index definitions per version, kept as data so that tests can open any old version. */
export const schemaVersions = {
  1: {
    annotations: '&[dataset+task+annotator], [dataset+annotator], [dataset+task], updated_at',
    annotators: '&name',
  },
  2: {
    annotations: '&[dataset+task+annotator], [dataset+annotator], [dataset+task], [dataset+status], updated_at',
    annotators: '&name, last_used_at',
    fileSync: '&[dataset+annotator]',
  },
  3: {
    annotations: '&[dataset+task+annotator], [dataset+annotator], [dataset+task], [dataset+status], updated_at',
    annotators: '&name, last_used_at',
    fileSync: '&[dataset+annotator]',
    outbox: '++seq, [dataset+annotator], [dataset+annotator+task]',
  },
} as const;

export const CURRENT_VERSION = 3;

/** Ids for calls and references: short, unique enough within one annotation. */
export function newId(prefix: string): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `${prefix}_${random.replace(/-/g, '').slice(0, 10)}`;
}

/** v1 -> v2 for one row (pure; the frames of old references assume 30 fps). */
export function upgradeRowV1(row: AnnotationRecordV1, fps = 30): AnnotationRecord {
  return {
    ...row,
    calls: row.calls.map((call, index) => ({ id: `c${index + 1}`, tool_name: call.tool_name, parameters: call.parameters, frame: null })),
    visual_refs: row.visual_refs.map((ref) => {
      const { first, last } = secondsToFrameRange(ref.start, ref.end, fps);
      return { ...ref, start_frame: first, end_frame: last, binding: null };
    }),
    base: null,
    editor_text: null,
  };
}

export class AnnotationDb extends Dexie {
  annotations!: Table<AnnotationRecord, [string, string, string]>;
  annotators!: EntityTable<AnnotatorRecord, 'name'>;
  fileSync!: Table<FileSyncRecord, [string, string]>;
  outbox!: Table<OutboxEntry, number>;

  constructor(name = DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores(schemaVersions[1]);
    this.version(2)
      .stores(schemaVersions[2])
      .upgrade(async (tx: Transaction) => {
        await tx
          .table('annotations')
          .toCollection()
          .modify((row: AnnotationRecordV1 & Partial<AnnotationRecord>) => {
            Object.assign(row, upgradeRowV1(row));
          });
      });
    // Rows edited and never exported go out with the first write-through: nothing stays behind.
    this.version(3)
      .stores(schemaVersions[3])
      .upgrade(async (tx: Transaction) => {
        const rows = (await tx.table('annotations').toArray()) as AnnotationRecord[];
        const unsent = rows.filter((row) => row.revision > 0 && (row.base === null || row.base.revision !== row.revision) && isValidLine(row));
        await tx.table('outbox').bulkAdd(unsent.map(outboxEntryFor));
      });
  }
}

/** The outbox entry of a saved row: its line as written to annotations/<annotator>.jsonl. */
export function outboxEntryFor(row: AnnotationRecord): OutboxEntry {
  return { dataset: row.dataset, annotator: row.annotator, task: row.task, revision: row.revision, line: JSON.stringify(toAnnotationLine(row)) };
}

let shared: AnnotationDb | null = null;

/** The renderer's database (opened lazily, one per page). */
export function annotationDb(): AnnotationDb {
  shared ??= new AnnotationDb();
  return shared;
}
