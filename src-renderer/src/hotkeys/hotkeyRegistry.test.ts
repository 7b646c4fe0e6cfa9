// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { HotkeyRegistry, isTypingTarget, keyComboOf } from './hotkeyRegistry';

function press(target: EventTarget, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

describe('keyComboOf', () => {
  it('names combinations, leaving Shift out of printable characters', () => {
    expect(keyComboOf(new KeyboardEvent('keydown', { key: '?', shiftKey: true }))).toBe('?');
    expect(keyComboOf(new KeyboardEvent('keydown', { key: 'Escape' }))).toBe('Escape');
    expect(keyComboOf(new KeyboardEvent('keydown', { key: ' ' }))).toBe('Space');
    expect(keyComboOf(new KeyboardEvent('keydown', { key: 's', ctrlKey: true }))).toBe('Ctrl+s');
    expect(keyComboOf(new KeyboardEvent('keydown', { key: 'ArrowLeft', shiftKey: true }))).toBe('Shift+ArrowLeft');
    expect(keyComboOf(new KeyboardEvent('keydown', { key: '¡', code: 'Digit1', altKey: true }))).toBe('Alt+1');
  });
});

describe('HotkeyRegistry', () => {
  it('runs the action bound to a key and lists it for the help overlay', () => {
    const registry = new HotkeyRegistry();
    const run = vi.fn();
    registry.register({ id: 'help.toggle', keys: ['?'], description: 'Help', group: 'General', run });
    window.addEventListener('keydown', (event) => registry.handle(event), { once: true });
    const event = press(document.body, { key: '?' });
    expect(run).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
    expect(registry.list().map((action) => action.id)).toEqual(['help.toggle']);
  });

  it('never fires while typing in inputs, text areas, contenteditable or the code editor', () => {
    const registry = new HotkeyRegistry();
    const run = vi.fn();
    registry.register({ id: 'x', keys: ['?'], description: 'x', group: 'g', run });
    document.body.innerHTML = `
      <input id="text" /><textarea id="area"></textarea><div id="editable" contenteditable="true"></div>
      <div class="monaco-editor"><div id="monaco"></div></div><input id="check" type="checkbox" />`;
    for (const id of ['text', 'area', 'editable', 'monaco']) {
      const element = document.getElementById(id)!;
      expect(isTypingTarget(element), id).toBe(true);
      element.addEventListener('keydown', (event) => registry.handle(event), { once: true });
      press(element, { key: '?' });
    }
    expect(run).not.toHaveBeenCalled();
    expect(isTypingTarget(document.getElementById('check'))).toBe(false);
  });

  it('a scoped action takes its keys where its scope holds, the unscoped one everywhere else', () => {
    const registry = new HotkeyRegistry();
    const previousTask = vi.fn();
    const moveCall = vi.fn();
    // Registered first, so only the scope can make the other one win.
    registry.register({ id: 'task.previous', keys: ['Alt+ArrowUp'], description: 'Previous task', group: 'g', run: previousTask });
    registry.register({
      id: 'call.up',
      keys: ['Alt+ArrowUp'],
      description: 'Move the call up',
      group: 'g',
      scope: { label: 'a focused call', when: (event) => (event.target as Element).closest('.call') !== null },
      run: moveCall,
    });
    document.body.innerHTML = '<ol><li class="call" tabindex="0" id="call"></li></ol><div id="elsewhere" tabindex="0"></div>';
    for (const id of ['call', 'elsewhere']) {
      const element = document.getElementById(id)!;
      element.addEventListener('keydown', (event) => registry.handle(event), { once: true });
      press(element, { key: 'ArrowUp', altKey: true });
    }
    expect(moveCall).toHaveBeenCalledOnce();
    expect(previousTask).toHaveBeenCalledOnce();
    expect((moveCall.mock.calls[0][0] as KeyboardEvent).target).toBe(document.getElementById('call'));
  });

  it('unregisters and notifies subscribers', () => {
    const registry = new HotkeyRegistry();
    const listener = vi.fn();
    registry.subscribe(listener);
    const remove = registry.register({ id: 'x', keys: ['a'], description: 'x', group: 'g', run: () => {} });
    remove();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(registry.list()).toEqual([]);
  });
});
