// @vitest-environment happy-dom
// Adjudicate's reference rows: a reference without times (the ground truth an EgoBench release
// import writes has none) is shown as such; it once blanked the whole studio (null.toFixed).
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReferenceRows } from './ReferenceRows';

afterEach(cleanup);

describe('ReferenceRows', () => {
  it('shows a reference without times as "no time", and a timed one with its seconds', () => {
    const untimed = { id: 'kitchen1-1-ref1', description: 'ingredient_name: Cornmeal', entity: 'Cornmeal', start: null, end: null };
    const timed = { id: 'r1', description: 'the jar on the left', entity: 'Cornmeal', start: 1.2, end: 2.5 };
    const { container } = render(
      <ReferenceRows rows={[{ key: 'cornmeal', entity: 'Cornmeal', a: timed, b: null, kept: untimed }]} names={['alice', 'bob']} choices={{}} onChoose={() => undefined} />,
    );
    const cells = [...container.querySelectorAll('tbody td')].map((cell) => cell.textContent);
    expect(cells).toContain('the jar on the left (1.200–2.500 s)');
    expect(cells).toContain('ingredient_name: Cornmeal (no time)');
  });
});
