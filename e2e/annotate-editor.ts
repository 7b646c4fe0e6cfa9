// Writing ground-truth calls in the Annotate workspace's Monaco editor, as an annotator would.
import { expect, type Page } from '@playwright/test';
import { sharedStudioUrl } from './studio-host';

/** Types `text` in the editor, in place of all its text ('replace') or after it ('append'), without waiting for anything. */
export async function typeText(page: Page, text: string, where: 'replace' | 'append' = 'replace'): Promise<void> {
  await page.getByTestId('gt-editor').locator('.view-lines').click();
  await page.keyboard.press(where === 'replace' ? 'ControlOrMeta+a' : 'ControlOrMeta+End');
  await page.keyboard.insertText(text);
}

/** Replaces the editor's whole text with `calls` (JSON), without waiting for anything. */
export async function typeCalls(page: Page, calls: unknown[]): Promise<void> {
  await page.getByTestId('gt-editor').locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(JSON.stringify(calls));
}

/** Replaces the calls and waits until the call list shows them and the edit is saved. */
export async function replaceCalls(page: Page, calls: unknown[]): Promise<void> {
  await typeCalls(page, calls);
  await expect(page.getByTestId('call-list').locator('.call-item')).toHaveCount(calls.length);
  await expect(page.getByTestId('save-state')).toContainText('Saved');
}

/** Opens `task` in Annotate on the shared host as annotator `who`, and waits for its clip and the calls editor (Monaco waits for the clip: on a busy machine, a while). */
export async function openTaskAs(page: Page, who: string, task: string): Promise<void> {
  const url = new URL(sharedStudioUrl());
  url.searchParams.set('annotator', who);
  url.hash = `#/annotate/${task}`;
  await page.goto(url.href);
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('gt-editor').locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
}
