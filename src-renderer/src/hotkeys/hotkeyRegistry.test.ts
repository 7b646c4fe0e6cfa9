// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { HotkeyRegistry, isTypingTarget, keyComboOf } from './hotkeyRegistry';
import type { KeymapEntry } from './keymap';

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

const entry = (id: string, keys: string[], scope: KeymapEntry['scope'] = 'global'): KeymapEntry => ({ id, keys, scope, group: 'g', description: id });

describe('HotkeyRegistry', () => {
  it('runs the action bound to a key and lists it for the help overlay', () => {
    const registry = new HotkeyRegistry([entry('help.toggle', ['?']), entry('other', ['x'])]);
    const run = vi.fn();
    registry.register('help.toggle', run);
    window.addEventListener('keydown', (event) => registry.handle(event), { once: true });
    const event = press(document.body, { key: '?' });
    expect(run).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
    expect(registry.list().map((action) => action.id)).toEqual(['help.toggle']);
  });

  it('behind an open modal dialog runs only the dialog\'s own keys (a dialog opened mid-typing turned letters into shortcuts)', () => {
    const registry = new HotkeyRegistry([entry('task.next', ['n']), { ...entry('help.toggle', ['?']), inDialog: true }]);
    const next = vi.fn();
    const help = vi.fn();
    registry.register('task.next', next);
    registry.register('help.toggle', help);
    const listener = (event: KeyboardEvent) => registry.handle(event);
    window.addEventListener('keydown', listener);
    const dialog = document.createElement('div');
    dialog.className = 'dialog conflict-dialog';
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('data-state', 'open');
    document.body.append(dialog);
    try {
      expect(press(dialog, { key: 'n' }).defaultPrevented).toBe(false);
      press(document.body, { key: 'n' });
      expect(next).not.toHaveBeenCalled();
      press(dialog, { key: '?' });
      expect(help).toHaveBeenCalledOnce();
      dialog.setAttribute('data-state', 'closed');
      press(document.body, { key: 'n' });
      expect(next).toHaveBeenCalledOnce();
    } finally {
      dialog.remove();
      window.removeEventListener('keydown', listener);
    }
  });

  it('takes only actions of the catalogue, with its keys', () => {
    const registry = new HotkeyRegistry([entry('x', ['q'])]);
    expect(() => registry.register('not-in-keymap', () => {})).toThrow(/not-in-keymap.*keymap/);
    const run = vi.fn();
    registry.register('x', run);
    window.addEventListener('keydown', (event) => registry.handle(event), { once: true });
    press(document.body, { key: 'w' });
    expect(run).not.toHaveBeenCalled();
    expect(registry.run('x', new KeyboardEvent('keydown'))).toBe(true);
    expect(run).toHaveBeenCalledOnce();
  });

  it('never fires while typing in inputs, text areas, contenteditable or the code editor', () => {
    const registry = new HotkeyRegistry([entry('x', ['?'])]);
    const run = vi.fn();
    registry.register('x', run);
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

  it('an action of a focus scope takes its keys where the focus is, the other one everywhere else', () => {
    // The real keymap: Alt+ArrowUp is the previous task, and in a focused call moves the call up.
    const registry = new HotkeyRegistry();
    const previousTask = vi.fn();
    const moveCall = vi.fn();
    // Registered first, so only the scope can make the other one win.
    registry.register('annotate.previous-task', previousTask);
    registry.register('annotate.call-up', moveCall);
    document.body.innerHTML = '<ol class="call-list"><li data-call-index="0" tabindex="0" id="call"></li></ol><div id="elsewhere" tabindex="0"></div>';
    for (const id of ['call', 'elsewhere']) {
      const element = document.getElementById(id)!;
      element.addEventListener('keydown', (event) => registry.handle(event), { once: true });
      press(element, { key: 'ArrowUp', altKey: true });
    }
    expect(moveCall).toHaveBeenCalledOnce();
    expect(previousTask).toHaveBeenCalledOnce();
    expect((moveCall.mock.calls[0][0] as KeyboardEvent).target).toBe(document.getElementById('call'));
  });

  it('leaves a bare arrow to a focused tab (role=tab): it moves between the tabs, not the clip', () => {
    const registry = new HotkeyRegistry();
    const frameBack = vi.fn();
    registry.register('clip.frame-back', frameBack);
    document.body.innerHTML = `<div role="tablist"><button id="tab" role="tab" aria-selected="true"></button></div>`;
    const listener = (event: KeyboardEvent) => registry.handle(event);
    window.addEventListener('keydown', listener);
    try {
      expect(press(document.getElementById('tab')!, { key: 'ArrowLeft' }).defaultPrevented).toBe(false);
      expect(frameBack).not.toHaveBeenCalled();
      press(document.getElementById('tab')!, { key: 'd' });
      expect(frameBack).toHaveBeenCalledOnce();
    } finally {
      window.removeEventListener('keydown', listener);
    }
  });

  it('leaves a bare arrow to a focused radio button or slider, unless a focus scope takes it there', () => {
    // The real keymap: ArrowLeft steps the clip back; Alt+ArrowUp is the previous task.
    const registry = new HotkeyRegistry();
    const frameBack = vi.fn();
    const previousTask = vi.fn();
    registry.register('clip.frame-back', frameBack);
    registry.register('annotate.previous-task', previousTask);
    document.body.innerHTML = `
      <div role="radiogroup"><input id="radio" type="radio" name="r" /></div><input id="slider" type="range" />
      <input id="check" type="checkbox" /><button id="button"></button>`;
    const listener = (event: KeyboardEvent) => registry.handle(event);
    window.addEventListener('keydown', listener);
    try {
      for (const id of ['radio', 'slider']) expect(press(document.getElementById(id)!, { key: 'ArrowLeft' }).defaultPrevented, id).toBe(false);
      expect(frameBack).not.toHaveBeenCalled();
      press(document.getElementById('radio')!, { key: 'ArrowUp', altKey: true });
      expect(previousTask).toHaveBeenCalledOnce();
      for (const id of ['check', 'button']) press(document.getElementById(id)!, { key: 'ArrowLeft' });
      expect(frameBack).toHaveBeenCalledTimes(2);
    } finally {
      window.removeEventListener('keydown', listener);
    }
  });

  it("leaves Space to a focused checkbox or radio (it ticks); a button's is Space only with the keyboard's focus (e2e: annotate-keyboard)", () => {
    const registry = new HotkeyRegistry();
    const play = vi.fn();
    registry.register('clip.play', play);
    document.body.innerHTML = `<input id="check" type="checkbox" /><input id="radio" type="radio" /><button id="button"></button><div id="plain" tabindex="0"></div>`;
    const listener = (event: KeyboardEvent) => registry.handle(event);
    window.addEventListener('keydown', listener);
    try {
      for (const id of ['check', 'radio']) expect(press(document.getElementById(id)!, { key: ' ' }).defaultPrevented, id).toBe(false);
      expect(play).not.toHaveBeenCalled();
      // This DOM has no :focus-visible: as after a click, Space plays the clip there.
      for (const id of ['button', 'plain']) press(document.getElementById(id)!, { key: ' ' });
      expect(play).toHaveBeenCalledTimes(2);
    } finally {
      window.removeEventListener('keydown', listener);
    }
  });

  it('while typing, a chord marked inText fires before the field sees it; other keys stay the field\'s', () => {
    const registry = new HotkeyRegistry([{ ...entry('submit', ['Ctrl+Enter']), inText: true }, entry('plain', ['Ctrl+s']), { ...entry('go', ['Alt+3']), inText: true }]);
    const submit = vi.fn();
    const plain = vi.fn();
    registry.register('submit', submit);
    registry.register('plain', plain);
    const capture = (event: KeyboardEvent) => registry.handle(event, 'capture');
    const bubble = (event: KeyboardEvent) => registry.handle(event);
    window.addEventListener('keydown', capture, true);
    window.addEventListener('keydown', bubble);
    try {
      document.body.innerHTML = `<div class="monaco-editor"><textarea id="monaco"></textarea></div><input id="text" />
        <div data-hotkeys="off"><input id="off" /></div><button id="button"></button>`;
      // What the code editor does with the key itself (Monaco inserts a line on Ctrl+Enter).
      const editorOwn = vi.fn();
      document.getElementById('monaco')!.addEventListener('keydown', editorOwn);
      const inEditor = press(document.getElementById('monaco')!, { key: 'Enter', ctrlKey: true });
      expect(submit).toHaveBeenCalledOnce();
      expect(editorOwn).not.toHaveBeenCalled();
      expect(inEditor.defaultPrevented).toBe(true);
      press(document.getElementById('text')!, { key: 'Enter', ctrlKey: true });
      expect(submit).toHaveBeenCalledTimes(2);
      // Not marked: the field keeps it.
      const typed = press(document.getElementById('monaco')!, { key: 's', ctrlKey: true });
      expect(plain).not.toHaveBeenCalled();
      expect(typed.defaultPrevented).toBe(false);
      expect(editorOwn).toHaveBeenCalledOnce();
      // Option+3 that types '£' (macOS) is text in a field; Alt+3 that gives '3' is the chord.
      const workspace = vi.fn();
      registry.register('go', workspace);
      press(document.getElementById('text')!, { key: '£', code: 'Digit3', altKey: true });
      expect(workspace).not.toHaveBeenCalled();
      press(document.getElementById('text')!, { key: '3', code: 'Digit3', altKey: true });
      expect(workspace).toHaveBeenCalledOnce();
      // Where shortcuts are off, not even a chord.
      press(document.getElementById('off')!, { key: 'Enter', ctrlKey: true });
      expect(submit).toHaveBeenCalledTimes(2);
      // Outside a field, each fires once (in the bubble phase).
      press(document.getElementById('button')!, { key: 'Enter', ctrlKey: true });
      press(document.getElementById('button')!, { key: 's', ctrlKey: true });
      expect(submit).toHaveBeenCalledTimes(3);
      expect(plain).toHaveBeenCalledOnce();
    } finally {
      window.removeEventListener('keydown', capture, true);
      window.removeEventListener('keydown', bubble);
    }
  });

  it('unregisters and notifies subscribers', () => {
    const registry = new HotkeyRegistry([entry('x', ['a'])]);
    const listener = vi.fn();
    registry.subscribe(listener);
    const remove = registry.register('x', () => {});
    remove();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(registry.list()).toEqual([]);
  });

  it('takes Shift and a letter on a focused select (Shift+J from the review form), leaving it its other keys', () => {
    const registry = new HotkeyRegistry([entry('next-run', ['J']), entry('next-call', ['j']), entry('step', ['ArrowDown'])]);
    const runs = { 'next-run': vi.fn(), 'next-call': vi.fn(), step: vi.fn() };
    for (const [id, run] of Object.entries(runs)) registry.register(id, run);
    const listener = (event: KeyboardEvent) => registry.handle(event);
    window.addEventListener('keydown', listener);
    const select = document.createElement('select');
    document.body.append(select);
    try {
      expect(press(select, { key: 'J', shiftKey: true }).defaultPrevented).toBe(true);
      expect(runs['next-run']).toHaveBeenCalledOnce();
      // Its type-ahead and arrows are its own.
      expect(press(select, { key: 'j' }).defaultPrevented).toBe(false);
      expect(press(select, { key: 'ArrowDown' }).defaultPrevented).toBe(false);
      expect(runs['next-call']).not.toHaveBeenCalled();
      expect(runs.step).not.toHaveBeenCalled();
      // A text field still types the capital.
      const input = document.createElement('input');
      document.body.append(input);
      expect(press(input, { key: 'J', shiftKey: true }).defaultPrevented).toBe(false);
      input.remove();
    } finally {
      window.removeEventListener('keydown', listener);
      select.remove();
    }
  });
});
