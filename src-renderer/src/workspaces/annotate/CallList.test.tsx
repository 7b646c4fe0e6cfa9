// @vitest-environment happy-dom
// The call list's Delete (the key on a focused call, or its ✕ button): the focus goes to the call
// that takes the deleted one's place, else the one before, else the list; it fell to <body>, and
// the next Tab started from the top of the page.
import { act, cleanup, fireEvent, render, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../db/annotationRepo', async () => (await import('../../test-support/annotateStoreStubs')).annotationRepoStub);
vi.mock('./writeThrough', async () => (await import('../../test-support/annotateStoreStubs')).writeThroughStub);
vi.mock('../../evaluation/sessionDataset', async () => (await import('../../test-support/annotateStoreStubs')).sessionDatasetStub);

import { useHotkeyDispatcher } from '../../hotkeys/useHotkeys';
import { useAnnotateStore } from './annotateStore';
import { CallList } from './CallList';

function Harness() {
  useHotkeyDispatcher();
  return (
    <>
      <CallList />
      <button type="button">after the list</button>
    </>
  );
}

const call = (id: string, tool_name: string) => ({ id, tool_name, parameters: {}, frame: null });

function openWith(names: string[]) {
  const record = { dataset: 'd', task: 't1', annotator: 'alice', calls: names.map((name, i) => call(`c${i}`, name)), visual_refs: [], status: 'draft' as const, revision: 1, updated_at: 'x', base: null, editor_text: null };
  useAnnotateStore.setState({ datasetId: 'd', annotator: 'alice', taskId: 't1', record, saveState: 'saved', statuses: { t1: 'draft' }, lint: [] });
}

const row = (container: HTMLElement, name: string) => [...container.querySelectorAll<HTMLElement>('.call-item')].find((item) => item.querySelector('.call-name')?.textContent === name)!;
const focusedName = () => document.activeElement?.closest('.call-item')?.querySelector('.call-name')?.textContent ?? document.activeElement?.tagName;
const names = () => useAnnotateStore.getState().record!.calls.map((entry) => entry.tool_name);

beforeEach(() => openWith(['first', 'second', 'third']));
afterEach(cleanup);

describe('deleting a call keeps the focus in the list', () => {
  it('Delete on a focused call focuses the next call', () => {
    const { container } = render(<Harness />);
    row(container, 'second').focus();
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Delete' }));
    expect(names()).toEqual(['first', 'third']);
    expect(focusedName()).toBe('third');
    expect(document.activeElement).toBe(row(container, 'third'));
  });

  it('the ✕ button of the last call focuses the call before it', () => {
    const { container } = render(<Harness />);
    const button = row(container, 'third').querySelector<HTMLButtonElement>('button[title^="Delete"]')!;
    button.focus();
    act(() => button.click());
    expect(names()).toEqual(['first', 'second']);
    expect(document.activeElement).toBe(row(container, 'second'));
  });

  it('Delete on a button of a call (not the row itself) focuses the next call too', () => {
    const { container } = render(<Harness />);
    row(container, 'first').querySelector<HTMLButtonElement>('button[title^="Duplicate"]')!.focus();
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Delete' }));
    expect(names()).toEqual(['second', 'third']);
    expect(document.activeElement).toBe(row(container, 'second'));
  });

  it('deleting the only call focuses the list, so the next Tab goes on from there', () => {
    openWith(['only']);
    const { container } = render(<Harness />);
    row(container, 'only').focus();
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Delete' }));
    expect(names()).toEqual([]);
    expect(document.activeElement).toBe(container.querySelector('[data-testid="call-list"]'));
  });
});

describe('while the editor holds text that does not parse', () => {
  const halfTyped = '[{"tool_name": "first", "parameters": {}}, {"tool_na';
  beforeEach(() => useAnnotateStore.setState((state) => ({ record: { ...state.record!, editor_text: halfTyped } })));

  it('a change of the calls from the list is refused, the text kept (it replaced the text, which was lost)', () => {
    const { container } = render(<Harness />);
    for (const title of ['Delete', 'Duplicate', 'Move down']) {
      act(() => row(container, 'first').querySelector<HTMLButtonElement>(`button[title^="${title}"]`)!.click());
      expect(names()).toEqual(['first', 'second', 'third']);
      expect(useAnnotateStore.getState().record!.editor_text).toBe(halfTyped);
    }
  });

  it('an anchor (a frame, no text) is set and the text kept', () => {
    const { container } = render(<Harness />);
    act(() => row(container, 'second').querySelector<HTMLButtonElement>('button[title^="Anchor"]')!.click());
    expect(useAnnotateStore.getState().record!.calls[1].frame).not.toBeNull();
    expect(useAnnotateStore.getState().record!.editor_text).toBe(halfTyped);
  });
});

describe('names a screen reader says', () => {
  it('a focusable call row is "Call N: tool", its glyph buttons name the action and the call', () => {
    const { getByRole } = render(<Harness />);
    const second = getByRole('listitem', { name: 'Call 2: second' });
    expect(second.tabIndex).toBe(0);
    // The glyphs were the names ("↑", "↓", "⧉", "✕", "⚓"); the titles only describe.
    for (const name of ['Move call 2 (second) up', 'Move call 2 (second) down', 'Duplicate call 2 (second)', 'Delete call 2 (second)', 'Anchor call 2 (second) to the current frame'])
      expect(within(second).getByRole('button', { name })).toBeTruthy();
  });
});
