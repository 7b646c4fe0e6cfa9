// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { usePaged } from './ShowMore';

afterEach(cleanup);

function List({ items }: { items: number[] }) {
  const { visible, more } = usePaged(items, 100, 'more');
  return (
    <>
      <ul>
        {visible.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      {more}
    </>
  );
}

it('shows a page, then one more page per click, and no button once all are shown', () => {
  const view = render(<List items={Array.from({ length: 250 }, (_, i) => i)} />);
  expect(view.container.querySelectorAll('li')).toHaveLength(100);
  expect(view.getByTestId('more').textContent).toBe('Show 100 more of the 150 not shown');
  fireEvent.click(view.getByTestId('more'));
  fireEvent.click(view.getByTestId('more'));
  expect(view.container.querySelectorAll('li')).toHaveLength(250);
  expect(view.queryByTestId('more')).toBeNull();
});

it('shows a short list whole, with no button', () => {
  const view = render(<List items={[1, 2, 3]} />);
  expect(view.container.querySelectorAll('li')).toHaveLength(3);
  expect(view.queryByTestId('more')).toBeNull();
});
