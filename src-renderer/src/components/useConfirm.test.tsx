// @vitest-environment happy-dom
// The studio's confirmation: yes only from its confirming button; Cancel, Escape and a second
// question answer no; Cancel has the focus.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useConfirm } from './useConfirm';

const question = { title: 'Remove it?', detail: 'The file is not touched.', confirm: 'Remove' };

let asked: ((q: { title: string; detail: string; confirm: string }) => Promise<boolean>) | null = null;

function Host() {
  const confirmation = useConfirm('c');
  useEffect(() => {
    asked = confirmation.ask;
  });
  return (
    <>
      <button type="button" data-testid="opener" onClick={() => void confirmation.ask(question)}>
        Clear
      </button>
      {confirmation.dialog}
    </>
  );
}

afterEach(() => {
  cleanup();
  asked = null;
});

describe('useConfirm', () => {
  it('gives the focus back to the button that asked, once answered', async () => {
    render(<Host />);
    const opener = screen.getByTestId('opener');
    opener.focus();
    fireEvent.click(opener);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('c-cancel')));
    expect(screen.getByTestId('c').getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(screen.getByTestId('c-cancel'));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('says yes only for the confirming button, and opens with Cancel focused', async () => {
    render(<Host />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = asked!(question);
    });
    expect(screen.getByTestId('c')).toHaveProperty('textContent', expect.stringContaining('The file is not touched.'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('c-cancel')));
    fireEvent.click(screen.getByTestId('c-yes'));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByTestId('c')).toBeNull();
  });

  it('says no for Cancel and for Escape', async () => {
    render(<Host />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = asked!(question);
    });
    fireEvent.click(screen.getByTestId('c-cancel'));
    await expect(answer).resolves.toBe(false);
    act(() => {
      answer = asked!(question);
    });
    fireEvent.keyDown(screen.getByTestId('c'), { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
  });

  it('answers no to a question still open when another is asked', async () => {
    render(<Host />);
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = asked!(question);
    });
    act(() => {
      second = asked!({ ...question, confirm: 'Discard' });
    });
    await expect(first).resolves.toBe(false);
    expect(screen.getByTestId('c-yes').textContent).toBe('Discard');
    fireEvent.click(screen.getByTestId('c-yes'));
    await expect(second).resolves.toBe(true);
  });
});
