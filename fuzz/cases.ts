// What the fuzzer generates: malformed dataset folders (as a plain, serialisable description, so a
// case can go to a worker thread and be printed to reproduce) and egostudio command lines.
import fc from 'fast-check';
import { call, shopFiles } from '../shared/eval/test-support/shop';

/** One entry of a dataset folder: a file's text or bytes, or something that is not a file. */
export type Entry =
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: number[] }
  | { kind: 'symlink'; target: 'outside' | 'inside' | 'dangling' | 'self' | 'root' }
  | { kind: 'fifo' }
  | { kind: 'dir' }
  | { kind: 'missing' };

export interface FolderCase {
  type: 'folder';
  entries: Record<string, Entry>;
  /** Also score the folder (evaluateFolder), not only load it: every third case, for speed. */
  evaluate: boolean;
}
export interface CliCase {
  type: 'cli';
  /** Tokens; `{dataset}` and `{out}` become the case's dataset folder and a scratch path. */
  argv: string[];
  entries: Record<string, Entry>;
}
export type FuzzCase = FolderCase | CliCase;

const trajectory = (id: string, model: string, mode: string) =>
  JSON.stringify({ id, task_id: 't1', model, mode, tool_calls: [{ turn: 0, calls: [call('search_products', { name: 'apple' })] }] });

/** The valid dataset every case starts from: the shop scenario, trajectories, two annotators. */
export function baseFiles(): Record<string, string> {
  const annotation = (annotator: string) =>
    JSON.stringify({ task_id: 't1', annotator, calls: [call('search_products', { name: 'apple' })], visual_refs: [], status: 'submitted', revision: 1, updated_at: '2026-01-01T00:00:00Z' });
  return {
    ...shopFiles(),
    'trajectories/a.jsonl': `${trajectory('a1', 'm1', 'static')}\n${trajectory('a2', 'm2', 'dynamic_easy')}\n`,
    'annotations/alice.jsonl': `${annotation('alice')}\n`,
    'annotations/bob.jsonl': `${annotation('bob')}\n`,
  };
}

const ODD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'id', 'task_id'];
const oddKey = fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ maxLength: 6 }));
const oddName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '-rf', '--help', ' space ', 'ünïcødé', '日本', 'a\\b', '..a', '.hidden', 'CON', 'x'.repeat(200), '😀', 'a\tb', 'new\nline'),
  fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes('/') && !s.includes('\0') && s !== '.' && s !== '..'),
);
const videoRef = fc.constantFrom('videos/t1.webm', '../../etc/passwd', '/etc/passwd', 'videos/../../x.webm', 'videos/', '', 'videos/\u202e.webm', 'http://x/y.mp4', 'videos/a%2F..%2Fb.webm', 'C:\\x.webm');

/** A JSON value with odd keys, odd numbers and odd strings. */
const oddJson: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, -0, 1e308, -1e-308, 2 ** 53 + 1, '', '\u0000', '\ud800', 'x'.repeat(1000)),
    fc.double(),
    fc.string({ maxLength: 8 }),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(oddKey, tie('v'), { maxKeys: 4 }),
  ),
})).v;

/** A valid record with one field replaced, removed or given an odd key. */
function mutatedRecord(record: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(record);
  return fc
    .tuple(fc.constantFrom(...keys), fc.oneof(oddJson, videoRef, fc.constant(undefined)), oddKey, oddJson)
    .map(([key, value, extraKey, extra]) => {
      const copy: Record<string, unknown> = { ...record, [key]: value };
      // Written as text so `__proto__` really is a key of the file, not the prototype of the copy.
      const extraText = `${JSON.stringify(extraKey)}:${JSON.stringify(extra) ?? 'null'}`;
      const body = JSON.stringify(copy);
      return body === '{}' ? `{${extraText}}` : `{${extraText},${body.slice(1)}`;
    });
}

/** Nesting far past any sane cap, as arrays or objects, closed or not. */
const deepNesting = fc.tuple(fc.integer({ min: 50, max: 200_000 }), fc.boolean(), fc.boolean()).map(([depth, objects, closed]) => {
  const open = objects ? '{"a":' : '[';
  const close = objects ? '}' : ']';
  return open.repeat(depth) + '1' + (closed ? close.repeat(depth) : '');
});

/** A broken version of a file's text. */
function brokenText(valid: string, isJsonl: boolean): fc.Arbitrary<string> {
  const lines = valid.split('\n').filter(Boolean);
  const records = lines.flatMap((line) => {
    try {
      const value: unknown = JSON.parse(line);
      return value && typeof value === 'object' && !Array.isArray(value) ? [value as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
  const options: fc.Arbitrary<string>[] = [
    fc.integer({ min: 0, max: Math.max(0, valid.length - 1) }).map((n) => valid.slice(0, n)),
    oddJson.map((v) => JSON.stringify(v) ?? 'undefined'),
    deepNesting,
    fc.string({ maxLength: 40 }),
    fc.constantFrom('', '\ufeff' + valid, valid.replace(/\n/g, '\r\n'), valid + '\u0000', 'null', '[]', '{}', '{"a":1,"a":2}', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"x":1}}}', 'NaN', '1e999999'),
    fc.integer({ min: 1, max: 1_000_000 }).map((n) => `{"id": "${'x'.repeat(n)}"`),
  ];
  if (records.length > 0) options.push(fc.constantFrom(...records).chain(mutatedRecord));
  if (isJsonl) {
    const line = fc.oneof(fc.constantFrom(...lines), records.length > 0 ? fc.constantFrom(...records).chain(mutatedRecord) : fc.constant('{'), fc.string({ maxLength: 20 }), deepNesting);
    options.push(fc.tuple(fc.array(line, { maxLength: 30 }), fc.constantFrom('\n', '\r\n', '\n\n')).map(([ls, sep]) => ls.join(sep)));
    options.push(fc.integer({ min: 1, max: 20_000 }).map((n) => `${lines[0] ?? '{}'}\n`.repeat(n)));
  }
  return fc.oneof(...options);
}

const notAFile: fc.Arbitrary<Entry> = fc.oneof(
  fc.constantFrom<Entry>({ kind: 'fifo' }, { kind: 'dir' }, { kind: 'missing' }),
  fc.constantFrom('outside', 'inside', 'dangling', 'self', 'root').map((target): Entry => ({ kind: 'symlink', target })),
  fc.uint8Array({ maxLength: 64 }).map((b): Entry => ({ kind: 'bytes', bytes: [...b] })),
);

/** An entry in place of one of the base files. */
function entryFor(path: string, valid: string): fc.Arbitrary<Entry> {
  const isJson = path.endsWith('.json') || path.endsWith('.jsonl');
  const text = isJson ? brokenText(valid, path.endsWith('.jsonl')) : fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('WITH RECURSIVE', valid.slice(0, valid.length / 2)));
  return fc.oneof({ weight: 4, arbitrary: text.map((t): Entry => ({ kind: 'text', text: t })) }, { weight: 1, arbitrary: notAFile });
}

/** Extra files under the folders the studio lists, with odd names. */
const extraEntries: fc.Arbitrary<Record<string, Entry>> = fc
  .array(
    fc.tuple(
      fc.constantFrom('trajectories/', 'annotations/', 'reviews/', 'scenarios/', 'scenarios/shop/', 'videos/', ''),
      oddName,
      fc.constantFrom('.jsonl', '.json', '', '.sql', '.webm'),
      fc.oneof(
        { weight: 3, arbitrary: brokenText(`${trajectory('x', '__proto__', 'constructor')}\n`, true).map((t): Entry => ({ kind: 'text', text: t })) },
        { weight: 1, arbitrary: notAFile },
      ),
    ),
    { maxLength: 4 },
  )
  .map((extras) => Object.fromEntries(extras.map(([dir, name, ext, entry]) => [`${dir}${name}${ext}`, entry])));

/** A dataset folder: the base, a few files broken, a few odd files added. */
export const datasetEntries: fc.Arbitrary<Record<string, Entry>> = fc
  .tuple(fc.subarray(Object.keys(baseFiles()), { minLength: 1, maxLength: 3 }), extraEntries)
  .chain(([broken, extras]) => {
    const base = baseFiles();
    return fc.tuple(...broken.map((p) => entryFor(p, base[p]!))).map((entries) => ({
      ...Object.fromEntries(broken.map((p, i) => [p, entries[i]!])),
      ...extras,
    }));
  });

const COMMANDS = ['evaluate', 'agreement', 'report', 'import-egobench', 'help', '--help', '-h', '--version', '-V', 'bench', 'nonsense', ''];
const OPTIONS = ['--trajectories', '--json', '--workers', '--no-cache', '--cache-dir', '--annotators', '--out', '--name', '--results', '--help', '-h', '--', '-', '--=', '--json=', '--workers=-1', '--no-cache=1', '--annotators=alice,bob', '--unknown', '-x'];
const VALUES = ['{dataset}', '{dataset}/trajectories/a.jsonl', '{dataset}/trajectories', '{out}', '{out}/report.json', 'alice,bob', 'alice', ',', 'a,b,c', '0', '-1', '1.5', 'NaN', '1e9', '', ' ', '/nonexistent', '/dev/null', '/etc', '__proto__', 'constructor', '\u0000'.slice(1), 'x'.repeat(5000)];

/** An egostudio command line: a command, then options and values in any order. */
export const cliArgv: fc.Arbitrary<string[]> = fc
  .tuple(fc.constantFrom(...COMMANDS), fc.array(fc.oneof(fc.constantFrom(...OPTIONS), fc.constantFrom(...VALUES), fc.string({ maxLength: 10 })), { maxLength: 8 }))
  // bench runs 38,160 trajectories and --workers N starts threads: both are left to their own tests.
  .map(([command, rest]) => (command === 'bench' ? ['bench', '--help'] : [command, ...rest]))
  .filter((argv) => !argv.some((a, i) => /^--workers(=|$)/.test(a) && /^[1-9]/.test(a.includes('=') ? a.split('=')[1]! : (argv[i + 1] ?? ''))));

/** Nine folder cases for every command line. */
export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.oneof(
  { weight: 9, arbitrary: fc.tuple(datasetEntries, fc.integer({ min: 0, max: 2 })).map(([entries, n]): FuzzCase => ({ type: 'folder', entries, evaluate: n === 0 })) },
  { weight: 1, arbitrary: fc.tuple(cliArgv, datasetEntries).map(([argv, entries]): FuzzCase => ({ type: 'cli', argv, entries })) },
);
