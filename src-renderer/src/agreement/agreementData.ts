// What the agreement views read from the dataset: scenarios and tasks, every annotator's file
// (annotations/<name>.jsonl), ground_truth.jsonl and the project settings. Taken from the
// session's one loaded copy (sessionDataset.ts) and shared by the panel, the dashboard and the
// adjudication view; a file is read again when the host reports it changed (datasetChanges.ts:
// the file watcher, or a write through the API). This browser's own rows come from dexie (useLiveQuery).
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { create } from 'zustand';
import { StudioError } from '../../../shared/api/studio-error';
import { annotatorOfFile, readAnnotationFile, type LoadedDataset } from '../../../shared/format/loader';
import type { Annotation, GroundTruth, Problem } from '../../../shared/format/types';
import { studioApi } from '../api/studio';
import { annotationDb } from '../db/annotationDb';
import { lineWithParams } from '../db/annotationFile';
import type { AnnotationRecord } from '../db/schema';
import { sessionDataset } from '../evaluation/sessionDataset';
import { inSlices, studioDatasetSource } from '../evaluation/studioSource';
import { onFilesChanged } from '../state/datasetChanges';
import { agreementClient } from './agreementClient';
import { parseGroundTruth, type AnnotationsByAnnotator } from './model';

export const GROUND_TRUTH_PATH = 'ground_truth.jsonl';
/** Project settings of the studio, kept in the dataset so every annotator's studio sees them. */
export const PROJECT_SETTINGS_PATH = 'studio-project.json';

/**
 * The project settings' text, null when the dataset has none (most have none): read as a writer
 * reads, which answers a missing file with null rather than a failed request in the console.
 */
const readSettingsText = async (datasetId: string): Promise<string | null> => (await studioApi().datasets.readVersioned(datasetId, PROJECT_SETTINGS_PATH)).text;

export interface ProjectSettings {
  /** Annotation is blind: the Annotate workspace hides the agreement panel. */
  hideAgreementWhileAnnotating: boolean;
}

const defaultSettings: ProjectSettings = { hideAgreementWhileAnnotating: false };

function parseSettings(text: string | null): { settings: ProjectSettings; raw: Record<string, unknown> } {
  try {
    const raw = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const agreement = (raw.agreement ?? {}) as Record<string, unknown>;
    return { settings: { hideAgreementWhileAnnotating: agreement.hide_while_annotating === true }, raw };
  } catch {
    return { settings: defaultSettings, raw: {} };
  }
}

export interface AgreementDataState {
  datasetId: string | null;
  dataset: LoadedDataset | null;
  error: string | null;
  /** annotator -> task -> winning line, as on disk. */
  files: AnnotationsByAnnotator;
  /** annotator -> task -> their first submitted line, where a later revision changed it (LoadedDataset.changedAfterSubmit). */
  changedAfterSubmit: AnnotationsByAnnotator;
  groundTruth: Map<string, GroundTruth>;
  problems: Problem[];
  settings: ProjectSettings;
  /** Bumped on every reload, for "last updated" displays. */
  version: number;
  load(datasetId: string): Promise<void>;
  reload(datasetId: string, paths: string[]): Promise<void>;
  setSettings(patch: Partial<ProjectSettings>): Promise<void>;
}

let loading: { datasetId: string; promise: Promise<void> } | null = null;

/**
 * Which read of a file is newest: reads are numbered as they begin, and one is applied only if no
 * later one (or a setting shown before it is written) was applied first.
 */
const freshness = (() => {
  let counter = 0;
  const applied = new Map<string, number>();
  return {
    begin: () => ++counter,
    apply(path: string, read: number): boolean {
      if ((applied.get(path) ?? 0) > read) return false;
      applied.set(path, read);
      return true;
    },
  };
})();

/** An annotator's file as read: its latest lines and those changed after submit; null: no file. */
type AnnotatorRead = { latest: Map<string, Annotation>; changed: Map<string, Annotation> } | null;
const annotationPath = (name: string) => `annotations/${name}.jsonl`;

/**
 * What was read, applied to the state as it is when the reads end (a copy taken before them undid
 * a setting ticked meanwhile), each file only if no later read of it or setting was applied first
 * (a slow read put an older file over a newer one). `begun`: the number each file's read began at.
 */
function applyReads(
  state: AgreementDataState,
  read: { annotators: ReadonlyMap<string, AnnotatorRead>; groundTruth?: Map<string, GroundTruth>; settings?: ProjectSettings },
  begun: (path: string) => number,
): Pick<AgreementDataState, 'files' | 'changedAfterSubmit' | 'groundTruth' | 'settings' | 'version'> {
  const newest = (path: string) => freshness.apply(path, begun(path));
  const files = new Map(state.files);
  const changedAfterSubmit = new Map(state.changedAfterSubmit);
  for (const [name, file] of read.annotators) {
    if (!newest(annotationPath(name))) continue;
    if (file) {
      files.set(name, file.latest);
      changedAfterSubmit.set(name, file.changed);
    } else {
      files.delete(name);
      changedAfterSubmit.delete(name);
    }
  }
  return {
    files,
    changedAfterSubmit,
    groundTruth: read.groundTruth && newest(GROUND_TRUTH_PATH) ? read.groundTruth : state.groundTruth,
    settings: read.settings && newest(PROJECT_SETTINGS_PATH) ? read.settings : state.settings,
    version: state.version + 1,
  };
}

/** Views following the dataset's changes now (useAgreementDataset), and the removal of the one listener they share. */
let followers = 0;
let stopFollowing: (() => void) | null = null;
/** No view followed the changes for a while: the next load reads again (quietly, keeping what is shown). */
let unfollowed = false;

export const useAgreementData = create<AgreementDataState>()((set, get) => ({
  datasetId: null,
  dataset: null,
  error: null,
  files: new Map(),
  changedAfterSubmit: new Map(),
  groundTruth: new Map(),
  problems: [],
  settings: defaultSettings,
  version: 0,

  load: (datasetId) => {
    const same = get().datasetId === datasetId;
    if (same && (get().dataset || get().error) && !unfollowed) return Promise.resolve();
    if (loading?.datasetId === datasetId) return loading.promise;
    unfollowed = false;
    if (!same) set({ datasetId, dataset: null, error: null, files: new Map(), changedAfterSubmit: new Map(), groundTruth: new Map(), problems: [] });
    const promise = (async () => {
      try {
        const begun = freshness.begin();
        const [dataset, settingsText] = await Promise.all([sessionDataset({ id: datasetId }), readSettingsText(datasetId)]);
        if (get().datasetId !== datasetId) return;
        const scenarios = [...dataset.scenarios.values()];
        void agreementClient.scenarios(`${datasetId}:${scenarios.map((s) => `${s.id}/${s.schemaSql.length}/${s.dataSql.length}`).join(',')}`, scenarios);
        const changed = dataset.changedAfterSubmit ?? new Map();
        // A quiet re-load keeps what a reload or a setting applied while it read (they are newer).
        const annotators = new Map([...get().files.keys()].map((name) => [name, null] as [string, AnnotatorRead]));
        for (const [name, latest] of dataset.annotations) annotators.set(name, { latest: byTaskWithParams(latest), changed: byTaskWithParams(changed.get(name) ?? new Map()) });
        set((state) => ({
          dataset,
          problems: dataset.problems,
          ...applyReads(state, { annotators, groundTruth: dataset.groundTruth, settings: parseSettings(settingsText).settings }, () => begun),
        }));
      } catch (error) {
        if (get().datasetId === datasetId) set({ error: error instanceof Error ? error.message : String(error) });
      } finally {
        if (loading?.datasetId === datasetId) loading = null;
      }
    })();
    loading = { datasetId, promise };
    return promise;
  },

  reload: async (datasetId, paths) => {
    // A change heard while the first load reads is read after it (the load may have read the file before the change).
    if (get().datasetId === datasetId && !get().dataset && loading?.datasetId === datasetId) await loading.promise;
    const { dataset } = get();
    if (get().datasetId !== datasetId || !dataset) return;
    const source = studioDatasetSource(studioApi(), datasetId);
    const annotators = new Map<string, AnnotatorRead>();
    let groundTruth: Map<string, GroundTruth> | undefined;
    let settings: ProjectSettings | undefined;
    const begun = new Map<string, number>();
    for (const path of paths) {
      begun.set(path, freshness.begin());
      // A sync tool's conflict copy changing is no annotator's work (the loader's rule).
      const annotator = annotatorOfFile(path);
      if (annotator !== null) {
        const text = await source.readText(path);
        if (text === null) annotators.set(annotator, null);
        else {
          // Parsed from the text just read (reading it again could meet a newer file).
          const read = await readAnnotationFile({ ...source, readText: async () => text, readChunks: async () => inSlices(text) }, path, dataset.tasks, []);
          annotators.set(annotator, { latest: byTaskWithParams(read.latest), changed: byTaskWithParams(read.changedAfterSubmit) });
        }
      } else if (path === GROUND_TRUTH_PATH) {
        groundTruth = parseGroundTruth(await source.readText(path));
      } else if (path === PROJECT_SETTINGS_PATH) {
        settings = parseSettings(await readSettingsText(datasetId)).settings;
      }
    }
    if (get().datasetId !== datasetId) return;
    set((state) => applyReads(state, { annotators, groundTruth, settings }, (path) => begun.get(path)!));
  },

  setSettings: async (patch) => {
    const { datasetId } = get();
    if (!datasetId) return;
    const before = get().settings;
    freshness.apply(PROJECT_SETTINGS_PATH, freshness.begin()); // reads begun before do not undo it
    set({ settings: { ...before, ...patch } }); // shown at once; written below, undone if that fails
    try {
      const api = studioApi();
      // Read, modify, write only if nobody wrote meanwhile (else read again): keys other tools keep in the file survive.
      for (let attempt = 0; ; attempt++) {
        const { text, hash } = await api.datasets.readVersioned(datasetId, PROJECT_SETTINGS_PATH);
        const current = parseSettings(text);
        const settings = { ...current.settings, ...patch };
        const agreement = { ...((current.raw.agreement ?? {}) as Record<string, unknown>), hide_while_annotating: settings.hideAgreementWhileAnnotating };
        try {
          await api.datasets.writeIfUnchanged(datasetId, PROJECT_SETTINGS_PATH, `${JSON.stringify({ ...current.raw, agreement }, null, 2)}\n`, hash);
          set({ settings });
          break;
        } catch (error) {
          if (attempt >= 4 || StudioError.from(error).code !== 'conflict') throw error;
        }
      }
    } catch (error) {
      // Only what this change set goes back: another setting changed meanwhile stays.
      const undone = Object.fromEntries(Object.keys(patch).map((key) => [key, before[key as keyof ProjectSettings]]));
      set((state) => ({ settings: { ...state.settings, ...undone } }));
      throw error;
    }
  },
}));

/** One annotator's lines, each with the parameters its references fill (lineWithParams). */
const byTaskWithParams = (byTask: ReadonlyMap<string, Annotation>) => new Map([...byTask].map(([task, line]) => [task, lineWithParams(line)]));

const watchedPaths = (paths: string[]) =>
  paths.filter((p) => /^annotations\/[^/]+\.jsonl$/.test(p) || p === GROUND_TRUTH_PATH || p === PROJECT_SETTINGS_PATH);

function followChanges(): () => void {
  if (followers++ === 0) {
    stopFollowing = onFilesChanged(({ datasetId, paths }) => {
      const relevant = watchedPaths(paths);
      if (relevant.length > 0) void useAgreementData.getState().reload(datasetId, relevant);
    });
  }
  return () => {
    if (--followers > 0) return;
    stopFollowing?.();
    stopFollowing = null;
    unfollowed = true;
  };
}

/** Loads the dataset's agreement data and keeps it current while a view that uses it is shown. */
export function useAgreementDataset(datasetId: string | null): AgreementDataState {
  const state = useAgreementData();
  useEffect(followChanges, []);
  useEffect(() => {
    if (datasetId) void useAgreementData.getState().load(datasetId);
  }, [datasetId]);
  return state;
}

const noRows: AnnotationRecord[] = [];

/** This browser's rows of one task (every annotator), live across tabs and windows. */
export function useTaskRows(datasetId: string | null, taskId: string | null): AnnotationRecord[] {
  return (
    useLiveQuery(
      () => (datasetId && taskId ? annotationDb().annotations.where('[dataset+task]').equals([datasetId, taskId]).toArray() : noRows),
      [datasetId, taskId],
    ) ?? noRows
  );
}

/** This browser's rows of the whole dataset, live. */
export function useDatasetRows(datasetId: string | null): AnnotationRecord[] {
  return (
    useLiveQuery(
      () =>
        datasetId
          ? annotationDb().annotations.where('[dataset+task]').between([datasetId, Dexie.minKey], [datasetId, Dexie.maxKey], true, true).toArray()
          : noRows,
      [datasetId],
    ) ?? noRows
  );
}

export type { Annotation };
