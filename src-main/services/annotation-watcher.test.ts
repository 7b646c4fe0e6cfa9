import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnnotationWatcher, annotationPathOf, watchedPathOf, type AnnotationChange } from './annotation-watcher';
import { writeFileAtomic } from './atomic-write';

let root: string;
let watcher: AnnotationWatcher;
let changes: AnnotationChange[];

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'annotation-watcher-'));
  changes = [];
  watcher = new AnnotationWatcher({ emit: (change) => changes.push(change), debounceMs: 60 });
});
afterEach(async () => {
  watcher.close();
  await rm(root, { recursive: true, force: true });
});

async function until(predicate: () => boolean, ms = 3000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > ms) throw new Error(`timed out; changes: ${JSON.stringify(changes)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('annotationPathOf', () => {
  it('keeps annotator files, skips temporary files and others', () => {
    expect(annotationPathOf('bob.jsonl')).toBe('annotations/bob.jsonl');
    expect(annotationPathOf('.bob.jsonl.abc123.studio-tmp')).toBeNull();
    expect(annotationPathOf('notes.txt')).toBeNull();
    expect(annotationPathOf(null)).toBeNull();
  });
});

describe('watchedPathOf', () => {
  it("keeps a model's run files in trajectories/ subfolders, reviews at the top of reviews/, no hidden or temporary names", () => {
    expect(watchedPathOf('trajectories', 'gpt/static.jsonl')).toBe('trajectories/gpt/static.jsonl');
    expect(watchedPathOf('trajectories', '.git/x.jsonl')).toBeNull();
    expect(watchedPathOf('reviews', 'ann.jsonl')).toBe('reviews/ann.jsonl');
    expect(watchedPathOf('reviews', 'old/ann.jsonl')).toBeNull();
    expect(watchedPathOf('reviews', '.ann.jsonl.x.studio-tmp')).toBeNull();
  });
});

describe('AnnotationWatcher', () => {
  it("reports a run file an agent runner writes in a model's folder, and a teammate's review file", async () => {
    await mkdir(path.join(root, 'trajectories', 'gpt'), { recursive: true });
    watcher.watch('ds', root);
    await writeFile(path.join(root, 'trajectories', 'gpt', 'static.jsonl'), '{}\n');
    await until(() => changes.some((c) => c.paths.includes('trajectories/gpt/static.jsonl')));
    // reviews/ made after watching began, with its file at once (as a git pull does).
    await mkdir(path.join(root, 'reviews'));
    await writeFile(path.join(root, 'reviews', 'ann.jsonl'), '\n');
    await until(() => changes.some((c) => c.paths.includes('reviews/ann.jsonl')));
  });

  it("reports a model's folder of runs moved out of trajectories/ and back whole (its files send no event), not an editor's other files", async () => {
    await mkdir(path.join(root, 'trajectories', 'gpt'), { recursive: true });
    await writeFile(path.join(root, 'trajectories', 'gpt', 'static.jsonl'), '{}\n');
    watcher.watch('ds', root);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the listing of subfolders at the start
    await writeFile(path.join(root, 'trajectories', '4913'), ''); // vim's check that it may write here
    await rm(path.join(root, 'trajectories', '4913'));
    await rename(path.join(root, 'trajectories', 'gpt'), path.join(root, 'gpt-away'));
    await until(() => changes.some((c) => c.paths.includes('trajectories/gpt/')));
    await rename(path.join(root, 'gpt-away'), path.join(root, 'trajectories', 'gpt'));
    await until(() => changes.filter((c) => c.paths.includes('trajectories/gpt/')).length === 2);
    expect(changes.flatMap((c) => c.paths).filter((p) => !p.startsWith('trajectories/gpt/'))).toEqual([]);
  });

  it('reports an atomic write of an annotator file once, debounced', async () => {
    await mkdir(path.join(root, 'annotations'));
    watcher.watch('ds', root);
    const file = path.join(root, 'annotations', 'bob.jsonl');
    await writeFileAtomic(file, '{"a":1}\n');
    await writeFileAtomic(file, '{"a":2}\n');
    await until(() => changes.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(changes).toEqual([{ datasetId: 'ds', paths: ['annotations/bob.jsonl'] }]);
  });

  it('reports ground_truth.jsonl and a folder created after watching started', async () => {
    watcher.watch('ds', root);
    await writeFile(path.join(root, 'ground_truth.jsonl'), '\n');
    await until(() => changes.some((c) => c.paths.includes('ground_truth.jsonl')));
    await mkdir(path.join(root, 'annotations'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await writeFile(path.join(root, 'annotations', 'carol.jsonl'), '\n');
    await until(() => changes.some((c) => c.paths.includes('annotations/carol.jsonl')));
  });

  it('stops reporting after unwatch; watching twice is one watch', async () => {
    await mkdir(path.join(root, 'annotations'));
    watcher.watch('ds', root);
    watcher.watch('ds', root);
    expect(watcher.watching()).toEqual(['ds']);
    watcher.unwatch('ds');
    await writeFile(path.join(root, 'annotations', 'bob.jsonl'), '\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changes).toEqual([]);
  });
});
