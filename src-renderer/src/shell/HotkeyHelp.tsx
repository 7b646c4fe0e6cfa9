// The `?` overlay: the whole keymap, grouped, from its catalogue; actions that do nothing in the
// view shown now say so.
import { Dialog } from '../components/Dialog';
import { focusOf, KEYMAP } from '../hotkeys/keymap';
import { useHotkeyActions } from '../hotkeys/useHotkeys';
import { useHotkeyHelp } from '../state/store';

const groups = [...new Set(KEYMAP.map((action) => action.group))];

export function HotkeyHelp() {
  const { open, setOpen } = useHotkeyHelp();
  const available = new Set(useHotkeyActions().map((action) => action.id));
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Keyboard shortcuts" className="hotkey-help" testId="hotkey-help">
      {groups.map((group) => (
        <section key={group}>
          <h3>{group}</h3>
          <dl>
            {KEYMAP.filter((action) => action.group === group).map((action) => {
              const here = available.has(action.id);
              const focus = focusOf(action);
              return (
                <div key={action.id} className={here ? 'hotkey-row' : 'hotkey-row elsewhere'} data-action={action.id} data-available={here}>
                  <dt>
                    {action.keys.map((key) => (
                      <kbd key={key}>{key}</kbd>
                    ))}
                  </dt>
                  <dd>
                    {action.description}
                    {focus && <span className="muted"> (in {focus.label})</span>}
                    {'inText' in action && action.inText && <span className="muted"> (also while typing)</span>}
                    {!here && <span className="muted"> (not in this view)</span>}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </Dialog>
  );
}
