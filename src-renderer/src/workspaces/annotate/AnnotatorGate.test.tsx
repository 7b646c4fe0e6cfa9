// @vitest-environment happy-dom
// The annotator gate's name field: a space inside a name is shown as a mistake, not dropped
// silently ("fred dvc" became "freddvc"); spaces around it are left out of the name chosen.
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../db/annotationRepo', async () => ({ ...(await import('../../test-support/annotateStoreStubs')).annotationRepoStub, knownAnnotators: () => Promise.resolve([]) }));

import { AnnotatorGate } from './AnnotatorGate';

afterEach(cleanup);

function typeName(text: string) {
  const onChoose = vi.fn();
  const view = render(<AnnotatorGate onChoose={onChoose} />);
  const input = view.getByTestId('annotator-input') as HTMLInputElement;
  // Key by key, as typed: the trailing space of "fred " was trimmed before the "d" came.
  for (const key of text) fireEvent.change(input, { target: { value: input.value + key } });
  return { ...view, input, onChoose };
}

describe('the annotator name field', () => {
  it('keeps a space typed inside the name and says which characters a name may hold', () => {
    const { input, getByTestId, getByText, onChoose } = typeName('fred dvc');
    expect(input.value).toBe('fred dvc');
    expect(getByText(/^Letters, digits/).id).toBe('annotator-name-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('annotator-name-error');
    expect((getByTestId('annotator-start') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(input.form!);
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('chooses the name without the spaces around it', () => {
    const { input, queryByText, onChoose } = typeName(' fred ');
    expect(queryByText(/^Letters, digits/)).toBeNull();
    fireEvent.submit(input.form!);
    expect(onChoose).toHaveBeenCalledWith('fred');
  });
});
