import { describe, expect, it } from 'vitest';
import { clampCursor, moveCursor, scrollToShow } from './matrixCursor';

describe('the matrix cursor', () => {
  it('moves a cell at a time and stops at the edges', () => {
    expect(moveCursor({ row: 0, col: 0 }, 'up', 5, 4, 3)).toEqual({ row: 0, col: 0 });
    expect(moveCursor({ row: 0, col: 0 }, 'down', 5, 4, 3)).toEqual({ row: 1, col: 0 });
    expect(moveCursor({ row: 4, col: 3 }, 'right', 5, 4, 3)).toEqual({ row: 4, col: 3 });
    expect(moveCursor({ row: 4, col: 3 }, 'left', 5, 4, 3)).toEqual({ row: 4, col: 2 });
  });

  it('pages, and goes to the row ends and the grid corners', () => {
    expect(moveCursor({ row: 1, col: 2 }, 'page-down', 10, 4, 3)).toEqual({ row: 4, col: 2 });
    expect(moveCursor({ row: 8, col: 2 }, 'page-down', 10, 4, 3)).toEqual({ row: 9, col: 2 });
    expect(moveCursor({ row: 2, col: 2 }, 'page-up', 10, 4, 3)).toEqual({ row: 0, col: 2 });
    expect(moveCursor({ row: 2, col: 2 }, 'page-up', 10, 4, 0)).toEqual({ row: 1, col: 2 }); // a view shorter than a row still moves
    expect(moveCursor({ row: 2, col: 2 }, 'row-start', 10, 4, 3)).toEqual({ row: 2, col: 0 });
    expect(moveCursor({ row: 2, col: 0 }, 'row-end', 10, 4, 3)).toEqual({ row: 2, col: 3 });
    expect(moveCursor({ row: 2, col: 2 }, 'first', 10, 4, 3)).toEqual({ row: 0, col: 0 });
    expect(moveCursor({ row: 2, col: 2 }, 'last', 10, 4, 3)).toEqual({ row: 9, col: 3 });
  });

  it('stays inside a grid that shrank', () => {
    expect(clampCursor({ row: 40, col: 9 }, 3, 4)).toEqual({ row: 2, col: 3 });
    expect(clampCursor({ row: 2, col: 1 }, 3, 4)).toEqual({ row: 2, col: 1 });
  });
});

describe('scrolling the cursor into view', () => {
  // A view of 100 px whose first 30 px are under a sticky header; items start 30 px into the content.
  it('leaves the scroll alone when the item shows whole', () => {
    expect(scrollToShow(0, 100, 30, 30, 20, 20)).toBe(0);
  });

  it('scrolls back so an item under the sticky part shows below it', () => {
    // Item at content 30+100=130, scrolled to 120: it is 10 px from the view's top, under the header.
    expect(scrollToShow(120, 100, 30, 30, 100, 20)).toBe(100);
  });

  it('scrolls on so an item past the end shows at the end', () => {
    // Item at content 30+200=230..250, view 0..100: scroll to 150 (then 230-150=80, its end at 100).
    expect(scrollToShow(0, 100, 30, 30, 200, 20)).toBe(150);
  });

  it('shows an item taller than the uncovered view from its start', () => {
    expect(scrollToShow(0, 100, 30, 30, 200, 90)).toBe(200);
  });
});
