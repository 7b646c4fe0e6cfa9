import { describe, expect, it } from 'vitest';
import { contextMenuTemplate, type ContextMenuFacts } from './context-menu';

const flags = (allowed: boolean): ContextMenuFacts['editFlags'] => ({
  canUndo: allowed, canRedo: allowed, canCut: allowed, canCopy: allowed, canPaste: allowed, canDelete: allowed, canSelectAll: allowed, canEditRichly: false,
});

describe('the right-click menu', () => {
  it('in a field: the edit commands, each enabled as the page says', () => {
    const menu = contextMenuTemplate({ isEditable: true, selectionText: '', editFlags: { ...flags(true), canCut: false, canCopy: false } });
    expect(menu.filter((item) => item.role).map((item) => [item.role, item.enabled])).toEqual([
      ['undo', true], ['redo', true], ['cut', false], ['copy', false], ['paste', true], ['selectAll', true],
    ]);
  });

  it('on selected text elsewhere: Copy; with nothing selected: no menu', () => {
    expect(contextMenuTemplate({ isEditable: false, selectionText: 'retail-01', editFlags: flags(true) })).toEqual([{ role: 'copy', enabled: true }]);
    expect(contextMenuTemplate({ isEditable: false, selectionText: ' \n', editFlags: flags(true) })).toEqual([]);
  });
});
