// The `?` overlay: every registered shortcut with its description, grouped.
import { useEffect, useRef } from 'react';
import { useHotkeyActions } from '../hotkeys/useHotkeys';
import { useHotkeyHelp } from '../state/store';

export function HotkeyHelp() {
  const { open, setOpen } = useHotkeyHelp();
  const actions = useHotkeyActions();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) dialog.current?.focus();
  }, [open]);
  if (!open) return null;
  const groups = [...new Set(actions.map((action) => action.group))];
  return (
    <div className="overlay-backdrop" onClick={() => setOpen(false)}>
      <div
        ref={dialog}
        className="hotkey-help"
        role="dialog"
        aria-modal="true"
        aria-label="Keyboard shortcuts"
        data-testid="hotkey-help"
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
      >
        <h2>Keyboard shortcuts</h2>
        {groups.map((group) => (
          <section key={group}>
            <h3>{group}</h3>
            <dl>
              {actions
                .filter((action) => action.group === group)
                .map((action) => (
                  <div key={action.id} className="hotkey-row">
                    <dt>
                      {action.keys.map((key) => (
                        <kbd key={key}>{key}</kbd>
                      ))}
                    </dt>
                    <dd>
                      {action.description}
                      {action.scope && <span className="muted"> (in {action.scope.label})</span>}
                    </dd>
                  </div>
                ))}
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
}
