// Who may do what on a team host, in one place: a table from each API channel and its arguments
// to the dataset file it reads or writes, and one rule per kind of file. The web host wraps the
// studio's handlers with guardHandlers() for the person a request comes from, so a channel added
// to shared/api/studio-api.ts does not compile until this table says what it touches.
import {
  studioChannelNames,
  type StudioChannel,
  type StudioHandlers,
  type ValidChannelArgs,
} from '../../../shared/api/studio-api';
import { StudioError } from '../../../shared/api/studio-error';
import type { TeamIdentity } from '../../../shared/api/team';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { parseJsonFile } from '../../../shared/format/json-file';
import { readDatasetText, readDatasetVersioned } from '../dataset-files';
import { filterToTasks, submittedTasks } from './blind-filter';

/** What a call touches. */
export type Access =
  /** Nothing of a dataset's content that needs a role (app info, the list, clip status, scores). */
  | { kind: 'open' }
  /** Opens a dataset: a team host serves only those named on its command line. */
  | { kind: 'dataset'; datasetId: string }
  | { kind: 'read'; datasetId: string; path: string }
  /** `append`: adds lines only (appendIfUnchanged), never takes one away. */
  | { kind: 'write'; datasetId: string; path: string; append?: true }
  /** Changes the host's own settings (folders on the host's disk). */
  | { kind: 'host'; what: string }
  /** Runs scored against the ground truth: their evidence names its calls (the missing ones, the audit's values). */
  | { kind: 'scores'; datasetId: string };

type AccessTable = { [C in StudioChannel]: (...args: ValidChannelArgs<C>) => Access };

const open = (): Access => ({ kind: 'open' });

export const channelAccess: AccessTable = {
  'app.info': open,
  'datasets.list': open,
  'datasets.open': (datasetId) => ({ kind: 'dataset', datasetId }),
  'datasets.readText': (datasetId, path) => ({ kind: 'read', datasetId, path }),
  // Names and sizes only: a file's size says nothing a blind annotator could use.
  'datasets.listFiles': open,
  'datasets.writeText': (datasetId, path) => ({ kind: 'write', datasetId, path }),
  'datasets.readVersioned': (datasetId, path) => ({ kind: 'read', datasetId, path }),
  'datasets.writeIfUnchanged': (datasetId, path) => ({ kind: 'write', datasetId, path }),
  'datasets.appendIfUnchanged': (datasetId, path) => ({ kind: 'write', datasetId, path, append: true }),
  'datasets.clipStatus': open,
  'datasets.setVideoFolder': () => ({ kind: 'host', what: 'the video folder of a dataset (a folder on the host)' }),
  // Scores trajectories against ground truth; reads no annotator's file, but the evidence names the ground truth's calls.
  'evaluation.run': (datasetId) => ({ kind: 'scores', datasetId }),
  'evaluation.start': (datasetId) => ({ kind: 'scores', datasetId }),
  // A line of a file by path: a read of that file, so a blind annotator cannot read another's annotations through it.
  'evaluation.trajectoryLine': (datasetId, path) => ({ kind: 'read', datasetId, path }),
  'evaluation.searchDialogue': open,
  // Ground truth and trajectories, never an annotator's file.
  'audit.run': (datasetId) => ({ kind: 'scores', datasetId }),
};

const PROJECT_SETTINGS = 'studio-project.json';
const GROUND_TRUTH = 'ground_truth.jsonl';

/** The annotator whose file a path is (annotations/<name>.jsonl, compared ignoring case), or null. */
function annotationOwner(path: string): string | null {
  return /^annotations\/([^/]+)\.jsonl$/i.exec(path)?.[1] ?? null;
}

const signedIn = (person: TeamIdentity) => `you are signed in as ${person.name} (${person.role}) by your personal link`;

/** Why this person may not write this file, or null when they may. Exact paths only: anything else is the adjudicator's. */
export function writeRefusal(person: TeamIdentity, path: string): string | null {
  const own = (folder: string) => path === `${folder}/${person.name}.jsonl`;
  if (person.role === 'annotator' && own('annotations')) return null;
  if (person.role === 'reviewer' && own('reviews')) return null;
  if (person.role === 'adjudicator' && annotationOwner(path) === null && !/^reviews\//i.test(path)) return null;
  const owner = annotationOwner(path);
  if (owner !== null)
    return `${path} is ${owner}'s file: on this team host each annotator writes only annotations/<own name>.jsonl (${signedIn(person)}). Open the studio with your own link.`;
  if (path === GROUND_TRUTH)
    return `Only an adjudicator writes ${GROUND_TRUTH} (${signedIn(person)}). Ask an adjudicator of the team to finalize this task.`;
  if (/^reviews\//i.test(path))
    return `Only the reviewer named in the file writes ${path}: reviewers write reviews/<own name>.jsonl (${signedIn(person)}).`;
  return `Only an adjudicator changes ${path} on this team host (${signedIn(person)}).`;
}

/**
 * Whether the project annotates blind. No settings file: the studio's default, not blind. A file
 * that cannot be read or parsed (a trailing comma, emptied for a moment while git or an editor
 * rewrites it) counts as blind: it showed everyone's work to every annotator meanwhile.
 */
export async function projectIsBlind(root: string): Promise<boolean> {
  try {
    // Read as the studio reads its settings (readVersioned: no line marked as not UTF-8).
    const { text } = await readDatasetVersioned(root, PROJECT_SETTINGS);
    if (text === null) return false;
    const settings = parseJsonFile(PROJECT_SETTINGS, text, [])?.value; // null: not JSON (a BOM is taken)
    if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) return true;
    return (settings as { agreement?: { hide_while_annotating?: unknown } }).agreement?.hide_while_annotating === true;
  } catch (error) {
    return StudioError.from(error).code !== 'not-found';
  }
}

async function readOwnFile(root: string, name: string): Promise<string> {
  try {
    return await readDatasetText(root, `annotations/${name}.jsonl`);
  } catch (error) {
    if (StudioError.from(error).code === 'not-found') return '';
    throw error;
  }
}

/**
 * The dataset path a name really leads to (links inside the dataset followed; the nearest existing
 * folder for a file not there yet), with '/' between its parts. A name leading outside is given
 * back as it is: the handler refuses it.
 */
export async function realDatasetPath(root: string, requested: string): Promise<string> {
  const parts = requested.split('/');
  for (let kept = parts.length; kept > 0; kept--) {
    try {
      const real = path.join(await realpath(path.join(root, ...parts.slice(0, kept))), ...parts.slice(kept));
      const relative = path.relative(root, real);
      return relative.startsWith('..') || path.isAbsolute(relative) ? requested : relative.split(path.sep).join('/');
    } catch {
      // not there (yet): its folder
    }
  }
  return requested;
}

/**
 * While the project is blind, what an annotator may see of another annotator's file, of the
 * ground truth (often one annotator's calls, adjudicated) and of adjudication drafts: only the lines of tasks they have
 * submitted themselves. null: no filter (not blind, not an annotator, their own file, or another file).
 */
export async function blindFilter(person: TeamIdentity, root: string, requested: string): Promise<((text: string) => string) | null> {
  if (person.role !== 'annotator') return null;
  // Where the name really leads: `notes.jsonl -> ground_truth.jsonl` or `peek -> annotations` in the dataset.
  const path = await realDatasetPath(root, requested);
  const owner = annotationOwner(path);
  // Reviews hold each run's automatic label (a score) and reasons naming the ground truth's calls.
  if (/^reviews\//i.test(path)) return (await projectIsBlind(root)) ? () => '' : null;
  // Compared ignoring case, as annotationOwner does: on a case-insensitive disk Ground_Truth.jsonl is the same file.
  // Adjudication drafts (adjudication/<adjudicator>.jsonl) hold both annotators' calls as merged so far.
  const othersWork = path.toLowerCase() === GROUND_TRUTH || /^adjudication\//i.test(path) || (owner !== null && owner.toLowerCase() !== person.name.toLowerCase());
  if (!othersWork) return null;
  if (!(await projectIsBlind(root))) return null;
  const submitted = submittedTasks(await readOwnFile(root, person.name));
  return (text) => filterToTasks(text, submitted);
}

/** Decides, event by event, what a client's event stream carries (false: left out). */
export type EventFilter = (name: string, payload: unknown) => Promise<boolean>;

/**
 * What a blind annotator's event stream leaves out: the rows and figures of evaluations (someone
 * else's run reaches every client; the annotator may not run one), and other annotators' files
 * among the changed paths (when the other works is not theirs to see). null: nothing left out.
 */
export function blindEventFilter(person: TeamIdentity, rootOf: (datasetId: string) => string): EventFilter | null {
  if (person.role !== 'annotator') return null;
  const blind = async (datasetId: unknown) => {
    try {
      return typeof datasetId !== 'string' || (await projectIsBlind(rootOf(datasetId)));
    } catch {
      return true; // a dataset no longer open: nothing of it is sent
    }
  };
  const mine = (path: string) => {
    const owner = annotationOwner(path);
    return owner === null || owner.toLowerCase() === person.name.toLowerCase();
  };
  return async (name, payload) => {
    const event = payload as { datasetId?: unknown; paths?: string[] };
    if (name === 'evaluation.rows' || name === 'evaluation.done') return !(await blind(event.datasetId));
    if ((name === 'datasets.changed' || name === 'annotations.changed') && Array.isArray(event.paths) && !event.paths.every(mine) && (await blind(event.datasetId))) {
      event.paths = event.paths.filter(mine); // the payload is this client's copy (see serveEventStream)
      return event.paths.length > 0;
    }
    return true;
  };
}

export interface GuardContext {
  /** The real root of an opened dataset (throws not-open otherwise). */
  rootOf(datasetId: string): string;
  /** The team file's real path: never written through the API, wherever it is (in a dataset, the adjudicator became anyone). */
  teamFile?: string;
}

/** Throws 403 when this person may not make this write (judged where the path really leads). */
async function refuseWrite(person: TeamIdentity, access: Extract<Access, { kind: 'write' }>, context: GuardContext): Promise<void> {
  const root = context.rootOf(access.datasetId);
  const real = await realDatasetPath(root, access.path);
  if (context.teamFile !== undefined && path.join(root, ...real.split('/')) === context.teamFile)
    throw new StudioError('forbidden', `${access.path} is the team file: it changes only with \`egostudio team-add\` on the host, never through the studio`);
  const refusal = writeRefusal(person, access.path) ?? (real === access.path ? null : writeRefusal(person, real));
  if (refusal) throw new StudioError('forbidden', refusal);
  // Blind, an annotator's own file only grows: a rewrite took back the lines that had shown them others' work.
  if (person.role === 'annotator' && !access.append && annotationOwner(real) !== null && (await projectIsBlind(root)))
    throw new StudioError('forbidden', `While the project annotates blind, ${access.path} takes new lines only (the studio appends them): a line once written stays (${signedIn(person)}).`);
}

/** The studio's handlers as this person may use them: the served datasets only, refused writes throw 403, blind reads are filtered. */
export function guardHandlers(handlers: StudioHandlers, person: TeamIdentity, context: GuardContext): StudioHandlers {
  // Only the datasets named on the host's command line: not the datasets/ folder beside the app,
  // nor the folders its user opened recently, which are theirs, not the team's.
  const servedDatasets = async () => (await handlers['datasets.list']()).filter((dataset) => dataset.source === 'added');
  const guarded: Record<string, (...args: never[]) => Promise<unknown>> = {};
  for (const name of studioChannelNames) {
    const handler = handlers[name] as (...args: unknown[]) => Promise<unknown>;
    const accessOf = channelAccess[name] as (...args: unknown[]) => Access;
    guarded[name] = async (...args: unknown[]) => {
      const access = accessOf(...args);
      if (access.kind === 'dataset' && !(await servedDatasets()).some((dataset) => dataset.id === access.datasetId))
        throw new StudioError('not-found', `This team host does not serve the dataset ${access.datasetId}: it serves those it was started with (--dataset)`);
      if (access.kind === 'host' && person.role !== 'adjudicator')
        throw new StudioError('forbidden', `Only an adjudicator changes ${access.what} on this team host (${signedIn(person)}).`);
      if (access.kind === 'write') await refuseWrite(person, access, context);
      if (access.kind === 'scores' && person.role === 'annotator' && (await projectIsBlind(context.rootOf(access.datasetId))))
        throw new StudioError('forbidden', `Scores name the ground truth's calls: an annotator does not see them while the project annotates blind (${signedIn(person)}).`);
      const filter = access.kind === 'read' ? await blindFilter(person, context.rootOf(access.datasetId), access.path) : null;
      const value = await handler(...args);
      if (name === 'app.info') return { ...(value as object), team: { name: person.name, role: person.role } };
      if (name === 'datasets.list') return servedDatasets();
      if (!filter) return value;
      // readText answers the text; readVersioned the text with its hash (null when there is no file).
      if (typeof value === 'string') return filter(value);
      // The filtered text has other line numbers: the not-UTF-8 and too long lines of the whole file
      // are not said of it (such a line names no task it could be shown for anyway).
      const { notUtf8Lines: _lines, longLines: _long, ...versioned } = value as { text: string | null; notUtf8Lines?: number[]; longLines?: number[] };
      return versioned.text === null ? versioned : { ...versioned, text: filter(versioned.text) };
    };
  }
  return guarded as unknown as StudioHandlers;
}
