// The entity field of a visual reference: a combobox over the scenario database's values.
import { useCombobox } from 'downshift';
import { useLayoutEffect, useRef } from 'react';

/** A database value, its TABLE.COLUMN and one or two more of its row's columns (category, colour). */
export type EntityOption = { column: string; value: string; details: string[] };

/**
 * The entity field: a combobox (downshift's useCombobox: ARIA combobox and listbox, ↑/↓ to move,
 * Enter to pick, Escape to close) over the database search as you type; each option names the
 * table and key column it comes from, and one or two columns that tell it apart.
 */
export function EntityCombobox({ value, onChange, options }: { value: string; onChange(value: string): void; options: EntityOption[] }) {
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox<EntityOption>({
    items: options,
    inputValue: value,
    itemToString: (item) => item?.value ?? '',
    onInputValueChange: ({ inputValue }) => onChange(inputValue ?? ''),
  });
  const open = isOpen && options.length > 0;
  const field = useRef<HTMLSpanElement>(null);
  useOpensUpward(open, field);
  return (
    <span className="entity-combobox" ref={field}>
      <label className="visually-hidden" {...getLabelProps()}>
        Entity
      </label>
      <input
        {...getInputProps({
          name: 'entity',
          placeholder: 'Entity (search the database)',
          // The field's state is the parent's: set it in the event itself, or fast typing loses
          // keys between the input and downshift's own update (onInputValueChange, for picks).
          onChange: (event) => onChange(event.currentTarget.value),
        })}
        data-testid="ref-entity"
      />
      <ul {...getMenuProps()} className="entity-options" data-testid="entity-options" hidden={!open}>
        {open &&
          options.map((item, index) => {
            const [table, column] = item.column.split('.');
            return (
              <li
                key={`${item.column}:${item.value}`}
                {...getItemProps({ item, index })}
                className={index === highlightedIndex ? 'highlighted' : undefined}
                data-value={item.value}
              >
                <span>{item.value}</span>
                <span className="muted entity-source">
                  {item.details.length > 0 && <span className="entity-details">{item.details.join(', ')} · </span>}
                  {table} · {column}
                </span>
              </li>
            );
          })}
      </ul>
    </span>
  );
}

/**
 * Marks `field` (class `upward`) when its list should open above it: on a laptop screen the field
 * sits at the bottom of the scrolling centre column, and the options under it were cut off. A
 * measure of the laid-out page, so it is set on the element before paint, not kept as state.
 */
function useOpensUpward(open: boolean, field: React.RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    if (!open || !field.current) return;
    const box = field.current.getBoundingClientRect();
    const room = field.current.closest('.annotate-center')?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
    const below = room.bottom - box.bottom;
    field.current.classList.toggle('upward', below < LIST_HEIGHT && box.top - room.top > below);
  }, [open, field]);
}

/** The options list's max-height in annotate.css (.entity-options). */
const LIST_HEIGHT = 240;
