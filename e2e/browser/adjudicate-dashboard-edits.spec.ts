// The agreement dashboard follows annotations changed on disk: the worker is sent only what
// changed (a patch over the input it keeps), and the figures come out as a whole input gives them.
import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copySample, ownHost } from '../own-host';

const TASK = 'retail-04';
// The sample's 30 tasks ask for the dashboard in one step; the two-step path (a patch, then the
// kept input named) is agreementClient.test.ts's.
const host = ownHost('egostudio-dashboard-edits-', 'sample', copySample);

type Line = { task_id: string; annotator: string; revision: number; calls: unknown[]; [key: string]: unknown };

async function latest(name: string): Promise<Line> {
  const lines = (await readFile(path.join(host.dataset, 'annotations', `${name}.jsonl`), 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.task_id === TASK);
  return lines.reduce((best, line) => (line.revision >= best.revision ? line : best));
}

test("the dashboard follows an annotation changed on disk, sent to its worker as that change alone", async ({ page }) => {
  test.setTimeout(90_000);
  // What the page sends its workers: each dashboard request's input, whole or a patch.
  await page.addInitScript(() => {
    const sent: { base: number | null; set: number }[] = [];
    (window as unknown as { dashboardInputs: typeof sent }).dashboardInputs = sent;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: [StructuredSerializeOptions?]) {
      const input = (message as { type?: string; input?: { base?: number; annotators?: [string, unknown[], string[]][] } | null })?.input;
      if ((message as { type?: string })?.type === 'dashboard' && input)
        sent.push({ base: input.base ?? null, set: input.annotators?.reduce((n, [, set, gone]) => n + set.length + gone.length, 0) ?? -1 });
      return post.call(this, message, ...rest);
    } as Worker['postMessage'];
  });
  const inputs = () => page.evaluate(() => (window as unknown as { dashboardInputs: { base: number | null; set: number }[] }).dashboardInputs.slice());
  const url = new URL(host.url);
  url.hash = '#/adjudicate';
  await page.goto(url.href);
  await page.getByTestId('adjudicate-dashboard-tab').click();
  const dashboard = page.getByTestId('agreement-dashboard');
  const overall = dashboard.getByTestId('dashboard-overall');
  const listed = dashboard.getByTestId('disagreements').locator(`[data-task-id="${TASK}"]`);
  await expect(listed).toBeVisible({ timeout: 30_000 });
  await expect(dashboard.getByText('(updating…)')).toBeHidden();
  const before = (await overall.textContent())!;
  const first = await inputs();
  expect(first.at(-1)?.base, 'the first input is sent whole').toBeNull();

  // alice writes bob's calls (a new revision, as another machine would): the task no longer disagrees.
  const alice = await latest('alice');
  const bob = await latest('bob');
  const file = path.join(host.dataset, 'annotations', 'alice.jsonl');
  await appendFile(file, `${JSON.stringify({ ...alice, calls: bob.calls, revision: alice.revision + 1 })}\n`);
  await expect(listed).toBeHidden({ timeout: 15_000 });
  await expect(dashboard.getByText('(updating…)')).toBeHidden();
  await expect(overall).not.toHaveText(before);
  const edited = await inputs();
  onlyPatchesOfOne(edited.slice(first.length));

  // And back to her own calls: the figures are those of the start again.
  await appendFile(file, `${JSON.stringify({ ...alice, revision: alice.revision + 2 })}\n`);
  await expect(listed).toBeVisible({ timeout: 15_000 });
  await expect(dashboard.getByText('(updating…)')).toBeHidden();
  await expect(overall).toHaveText(before);
  onlyPatchesOfOne((await inputs()).slice(edited.length));
});

/** Inputs sent after one annotation changed: patches, at least one carrying that annotation, none more (a recompute for another file's change carries none). */
function onlyPatchesOfOne(sent: { base: number | null; set: number }[]) {
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.every((input) => input.base !== null && input.set <= 1), JSON.stringify(sent)).toBe(true);
  expect(sent.some((input) => input.set === 1), JSON.stringify(sent)).toBe(true);
}
