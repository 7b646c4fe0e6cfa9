// @vitest-environment happy-dom
// A ground-truth call left missing while the agent did call its tool, for another ground-truth call:
// the line had said "no agent call of this tool" (an exploratory review read it as never called).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClosestTry } from './ClosestTry';

const price = (dish: string) => ({ tool_name: 'get_dish_price', parameters: { dish_name: dish } });
afterEach(cleanup);

describe('ClosestTry under a missing call', () => {
  it('names the agent call of the tool that matched another ground-truth call', () => {
    render(<ClosestTry truth={price('Ramen')} unmatched={[]} matched={[{ index: 3, call: price('Udon') }]} onGoto={() => undefined} />);
    expect(screen.getByTestId('closest-try-taken').textContent).toBe(" no agent call of this tool left: the agent's call 4 matched another ground-truth call");
  });

  it('says the tool was not called when no agent call has it', () => {
    const { container } = render(<ClosestTry truth={price('Ramen')} unmatched={[]} matched={[{ index: 0, call: { tool_name: 'get_menu', parameters: {} } }]} onGoto={() => undefined} />);
    expect(container.textContent).toBe(' no agent call of this tool');
  });

  it('shows the closest unmatched try when there is one', () => {
    render(<ClosestTry truth={price('Ramen')} unmatched={[{ index: 5, call: price('Ramen Bowl') }]} matched={[]} onGoto={() => undefined} />);
    expect(screen.getByTestId('closest-try').textContent).toContain('call 6');
  });
});
