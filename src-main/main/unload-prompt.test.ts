// The question the desktop app puts when the page would go with edits held by it alone, as data.
import { describe, expect, it, vi } from 'vitest';
import { promptBeforeUnload, UNLOAD_QUESTION, type UnloadContents } from './unload-prompt';

/** Web contents that keep the handler given for will-prevent-unload, to call it as Electron would. */
function contents() {
  const handlers = new Map<string, (event: { preventDefault(): void }) => void>();
  const on = ((name: string, handler: (event: { preventDefault(): void }) => void) => {
    handlers.set(name, handler);
  }) as unknown as UnloadContents['on'];
  return { contents: { on } as UnloadContents, unload: () => {
    const event = { preventDefault: vi.fn() };
    handlers.get('will-prevent-unload')!(event);
    return event.preventDefault.mock.calls.length > 0;
  } };
}

describe('the question before a page with unsaved edits goes', () => {
  it('lets the page go only when the person chooses to leave; Escape stays', () => {
    const leave = contents();
    promptBeforeUnload(leave.contents, (question) => question.buttons!.indexOf('Leave without them'));
    expect(leave.unload()).toBe(true);

    const stay = contents();
    const ask = vi.fn((question: typeof UNLOAD_QUESTION) => question.cancelId!);
    promptBeforeUnload(stay.contents, ask);
    expect(stay.unload()).toBe(false);
    expect(ask).toHaveBeenCalledWith(UNLOAD_QUESTION);
    expect(UNLOAD_QUESTION.buttons![UNLOAD_QUESTION.cancelId!]).toBe('Stay');
    expect(UNLOAD_QUESTION.buttons![UNLOAD_QUESTION.defaultId!]).toBe('Stay');
  });
});
