// What the agreement views read from the dataset: scenarios and tasks, every annotator's file
// (annotations/<name>.jsonl), ground_truth.jsonl and the project settings. Loaded once per
// dataset and shared by the panel, the dashboard and the adjudication view; a file is read again
// when the host reports it changed (annotations.changed from the file watcher, datasets.changed
// after a write through the API). This browser's own rows come from dexie (useLiveQuery).
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { create } from 'zustand';
import type { StudioApi } from '../../../shared/api/studio-api';
import { StudioError } from '../../../shared/api/studio-error';
import { loadDataset, readAnnotationFile, type LoadedDataset } from '../../../shared/format/loader';
import type { DatasetSource } from '../../../shared/format/source';
import type { Annotation, GroundTruth, Problem } from '../../../shared/format/types';
import { studioApi } from '../api/studio';
import { annotationDb } from '../db/annotationDb';
import type { AnnotationRecord } from '../db/schema';
import { answerSourceRead } from '../evaluation/studioSource';
import { agreementClient } from './agreementClient';
import { parseGroundTruth, type AnnotationsByAnnotator } from './model';

export const GROUND_TRUTH_PATH = 'ground_truth.jsonl';
/** Project settings of the studio, kept in the dataset so every annotator's studio sees them. */
export const PROJECT_SETTINGS_PATH = 'studio-project.json';

export interface ProjectSettings {
  /** Annotation is blind: the Annotate workspace hides the agreement panel. */
  hideAgreementWhileAnnotating: boolean;
}

const defaultSettings: ProjectSettings = { hideAgreementWhileAnnotating: false };

/** The dataset loader over window.studio (the evaluation worker's reads, in this thread). */
export function studioSource(api: StudioApi, datasetId: string): DatasetSource {
  const read = <T,>(op: 'readText' | 'listFiles' | 'listDirs', path: string) => answerSourceRead(api, datasetId, op, path) as Promise<T>;
  return {
    label: datasetId,
    readText: (path) => read<string | null>('readText', path),
    readChunks: async (path) => {
      const text = await read<string | null>('readText', path);
      return text === null
        ? null
        : (async function* () {
            yield text;
          })();
    },
    listFiles: (dir) => read<string[]>('listFiles', dir),
    listDirs: (dir) => read<string[]>('listDirs', dir),
  };
}

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

export const useAgreementData = create<AgreementDataState>()((set, get) => ({
  datasetId: null,
  dataset: null,
  error: null,
  files: new Map(),
  groundTruth: new Map(),
  problems: [],
  settings: defaultSettings,
  version: 0,

  load: (datasetId) => {
    if (get().datasetId === datasetId && (get().dataset || get().error)) return Promise.resolve();
    if (loading?.datasetId === datasetId) return loading.promise;
    set({ datasetId, dataset: null, error: null, files: new Map(), groundTruth: new Map(), problems: [] });
    const promise = (async () => {
      try {
        const api = studioApi();
        const source = studioSource(api, datasetId);
        const [dataset, settingsText] = await Promise.all([loadDataset(source), source.readText(PROJECT_SETTINGS_PATH)]);
        if (get().datasetId !== datasetId) return;
        const scenarios = [...dataset.scenarios.values()];
        void agreementClient.scenarios(`${datasetId}:${scenarios.map((s) => `${s.id}/${s.schemaSql.length}/${s.dataSql.length}`).join(',')}`, scenarios);
        set((state) => ({
          dataset,
          files: dataset.annotations,
          groundTruth: dataset.groundTruth,
          problems: dataset.problems,
          settings: parseSettings(settingsText).settings,
          version: state.version + 1,
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
    const { dataset } = get();
    if (get().datasetId !== datasetId || !dataset) return;
    const source = studioSource(studioApi(), datasetId);
    const files = new Map(get().files);
    let groundTruth = get().groundTruth;
    let settings = get().settings;
    for (const path of paths) {
      const match = /^annotations\/([^/]+)\.jsonl$/.exec(path);
      if (match) {
        const text = await source.readText(path);
        if (text === null) files.delete(match[1]);
        else files.set(match[1], await readAnnotationFile(source, path, dataset.tasks, []));
      } else if (path === GROUND_TRUTH_PATH) {
        groundTruth = parseGroundTruth(await source.readText(path));
      } else if (path === PROJECT_SETTINGS_PATH) {
        settings = parseSettings(await source.readText(path)).settings;
      }
    }
    if (get().datasetId !== datasetId) return;
    set((state) => ({ files, groundTruth, settings, version: state.version + 1 }));
  },

  setSettings: async (patch) => {
    const { datasetId } = get();
    if (!datasetId) return;
    const before = get().settings;
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
      set({ settings: before });
      throw error;
    }
  },
}));

const watchedPaths = (paths: string[]) =>
  paths.filter((p) => /^annotations\/[^/]+\.jsonl$/.test(p) || p === GROUND_TRUTH_PATH || p === PROJECT_SETTINGS_PATH);

let subscribed = false;

/** Loads the dataset's agreement data and keeps it current (host events). */
export function useAgreementDataset(datasetId: string | null): AgreementDataState {
  const state = useAgreementData();
  useEffect(() => {
    if (datasetId) void useAgreementData.getState().load(datasetId);
  }, [datasetId]);
  useEffect(() => {
    if (subscribed) return;
    subscribed = true;
    const api = studioApi();
    const onChange = ({ datasetId: changed, paths }: { datasetId: string; paths: string[] }) => {
      const relevant = watchedPaths(paths);
      if (relevant.length > 0) void useAgreementData.getState().reload(changed, relevant);
    };
    // Subscriptions live as long as the page: the data store is page-wide too.
    api.onEvent('annotations.changed', onChange);
    api.onEvent('datasets.changed', onChange);
  }, []);
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
