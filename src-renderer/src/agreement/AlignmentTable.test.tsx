// @vitest-environment happy-dom
// A row's edited call: a text that does not parse is said at the row (the box marked invalid, the
// parser's message beside it), not only far below under the merged sequence that leaves it out;
// the box is sized to its text.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonObject, ToolCall } from '../../../shared/format/types';
import { AlignmentTable } from './AlignmentTable';
import type { RowChoice } from './mergeCalls';
import { rowKey, type MergeRow } from './mergeOrder';

afterEach(cleanup);

const callsA = [{ tool_name: 'get_price', parameters: { product_name: 'Vino Verde Fresco' } }];
const callsB = [{ tool_name: 'get_price', parameters: { product_name: 'Vino Verde' } }];
const row: MergeRow = { kind: 'near', a: 0, b: 0, differing: [{ param: 'product_name', a: 'Vino Verde Fresco', b: 'Vino Verde' }] };
const noop = () => undefined;

function table(choice: RowChoice) {
  return <AlignmentTable rows={[row]} names={['alice', 'bob']} callsA={callsA} callsB={callsB} choices={{ [rowKey(row)]: choice }} onChoose={noop} onEdit={noop} onMove={noop} />;
}

describe('AlignmentTable, a row being edited', () => {
  it('marks an edit that does not parse as invalid and says why beside the box', () => {
    render(table({ choice: 'edit', text: '{ "tool_name": "get_price", "parameters": {' }));
    const box = screen.getByRole('textbox', { name: 'Edited call 1' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const said = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(said?.textContent).toMatch(/left out of the merged sequence/i);
    expect(said?.textContent).toMatch(/JSON/);
  });

  it('says what a call needs when the text parses but is no call', () => {
    render(table({ choice: 'edit', text: '{"tool": "get_price"}' }));
    const box = screen.getByRole('textbox', { name: 'Edited call 1' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toContain('expected {"tool_name": string, "parameters": object}');
  });

  it('shows a call that parses as valid, with no message', () => {
    const text = JSON.stringify({ tool_name: 'get_price', parameters: { product_name: 'Vino Verde Fresco' } }, null, 1);
    render(table({ choice: 'edit', text }));
    const box = screen.getByRole('textbox', { name: 'Edited call 1' });
    expect(box.getAttribute('aria-invalid')).toBe('false');
    expect(box.getAttribute('aria-describedby')).toBeNull();
  });

  it('gives the box a line for each line of its text, up to a limit', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`).join('\n');
    render(table({ choice: 'edit', text: lines(9) }));
    expect(Number(screen.getByRole('textbox', { name: 'Edited call 1' }).getAttribute('rows'))).toBeGreaterThanOrEqual(9);
    cleanup();
    render(table({ choice: 'edit', text: lines(200) }));
    expect(Number(screen.getByRole('textbox', { name: 'Edited call 1' }).getAttribute('rows'))).toBeLessThanOrEqual(20);
  });
});

describe('AlignmentTable, a matched row', () => {
  // SPEC's loose entity match makes these one call; taking A or B writes one of the two spellings.
  const jamA = [{ tool_name: 'get_price', parameters: { product_name: 'Strawberry Jam', quantity: 2 } }];
  const jamB = [{ tool_name: 'get_price', parameters: { product_name: 'Strawberry Jam X', quantity: 2 } }];
  const matched: MergeRow = { kind: 'match', a: 0, b: 0 };
  const show = (b: typeof jamB) => render(<AlignmentTable rows={[matched]} names={['alice', 'bob']} callsA={jamA} callsB={b} choices={{}} onChoose={noop} onEdit={noop} onMove={noop} />);

  it('names and marks the parameters its calls write apart', () => {
    show(jamB);
    expect(screen.getByTestId('written-apart').textContent).toBe('written apart: product_name');
    const marked = [...document.querySelectorAll('li.differs')].map((li) => li.textContent);
    expect(marked).toEqual(['product_name: "Strawberry Jam"', 'product_name: "Strawberry Jam X"']);
  });

  it('says nothing when they write the same', () => {
    show(jamA);
    expect(screen.queryByTestId('written-apart')).toBeNull();
    expect(document.querySelectorAll('li.differs')).toHaveLength(0);
  });

  it("says nothing of an object's keys written in another order: a JSON object has no order", () => {
    const items = (value: JsonObject): ToolCall[] => [{ tool_name: 'create_set_meal', parameters: { set_meal_name: 'Lunch', included_dishes: [value] } }];
    render(
      <AlignmentTable rows={[matched]} names={['alice', 'bob']} callsA={items({ dish_name: 'Soup', quantity: 1 })} callsB={items({ quantity: 1, dish_name: 'Soup' })} choices={{}} onChoose={noop} onEdit={noop} onMove={noop} />,
    );
    expect(screen.queryByTestId('written-apart')).toBeNull();
  });
});

describe('AlignmentTable, a near match', () => {
  it('names what its calls write apart beside the parameter that differs', () => {
    const a = [{ tool_name: 'update_cart_quantity', parameters: { product_name: 'Coconut Cream', qty: 4 } }];
    const b = [{ tool_name: 'update_cart_quantity', parameters: { product_name: 'coconut cream', qty: 5 } }];
    const near: MergeRow = { kind: 'near', a: 0, b: 0, differing: [{ param: 'qty', a: 4, b: 5 }] };
    render(<AlignmentTable rows={[near]} names={['alice', 'bob']} callsA={a} callsB={b} choices={{}} onChoose={noop} onEdit={noop} onMove={noop} />);
    expect(screen.getByTestId('written-apart').textContent).toBe('written apart: product_name');
    expect(document.querySelectorAll('li.differs')).toHaveLength(4);
  });
});
