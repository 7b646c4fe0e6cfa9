// Whole-call snippets in the calls editor: at a call's place, typing part of a tool's name offers
// the whole call, its required parameters as tab stops and the task's user id filled in. Only the
// keyboard acts, typing a name as fast as the keyboard sends it (the JSON schema's own snippets
// then came with a stray comma); the dataset's annotation file must hold the calls as typed.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openTaskAs } from '../annotate-editor';
import { datasetsDir } from '../datasets-on-disk';

const annotator = `snip-${process.pid}-${Date.now().toString(36)}`;
const annotationFile = path.join(datasetsDir, 'egobench-sample', 'annotations', `${annotator}.jsonl`);

test.afterAll(async () => {
  await rm(annotationFile, { force: true });
});

/** Types part of a tool's name at a call's place and takes the tool's snippet from the suggestions. */
async function takeSnippet(page: Page, typed: string, tool: string): Promise<void> {
  await page.keyboard.type(typed);
  const row = page.locator('.suggest-widget .monaco-list-row.focused');
  await expect(row).toContainText(tool);
  await page.keyboard.press('Enter');
}

test('a tool snippet writes the whole call: Tab from one required parameter to the next, the user id filled in', async ({ page }) => {
  test.setTimeout(120_000);
  await openTaskAs(page, annotator, 'retail-01');
  await page.keyboard.press('e');
  await expect.poll(() => page.evaluate(() => document.activeElement?.matches('[data-testid="gt-editor"] .monaco-editor *') ?? false), { message: '`e` puts the focus in the editor' }).toBe(true);
  // A new task's text is `[` and `]` on two lines: a call's place is the line between them.
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');

  let keys = 3;
  await takeSnippet(page, 'get_car', 'get_cart');
  await page.keyboard.press('Tab'); // the user id is the task's: nothing to type
  await page.keyboard.type(',');
  await page.keyboard.press('Enter');
  keys += 7 + 1 + 1 + 1 + 1;

  await takeSnippet(page, 'add_to', 'add_to_cart');
  keys += 6 + 1;
  // user_id (filled), product_name, qty, category, price, tax_rate, discount.
  for (const value of [null, 'Domaine Lune Bordeaux', '2', 'wine', '30.74', '0.12', '1']) {
    if (value !== null) await page.keyboard.type(value);
    await page.keyboard.press('Tab');
    keys += (value?.length ?? 0) + 1;
  }

  const expected = [
    { tool_name: 'get_cart', parameters: { user_id: 'maya_chen_204' } },
    { tool_name: 'add_to_cart', parameters: { user_id: 'maya_chen_204', product_name: 'Domaine Lune Bordeaux', qty: 2, category: 'wine', price: 30.74, tax_rate: 0.12, discount: 1 } },
  ];
  await expect(page.getByTestId('call-list').locator('.call-item')).toHaveCount(2);
  const written = async () => {
    const lines = (await readFile(annotationFile, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
    const last = lines.length > 0 ? (JSON.parse(lines.at(-1)!) as { calls: { tool_name: string; parameters: unknown }[] }) : null;
    return last?.calls.map((call) => ({ tool_name: call.tool_name, parameters: call.parameters })) ?? null;
  };
  await expect.poll(written, { timeout: 15_000, message: 'the annotation file holds both calls' }).toEqual(expected);
  console.log(`[bench] annotate snippets: 2 calls (${JSON.stringify(expected).length} characters of JSON) in ${keys} key presses`);
});
