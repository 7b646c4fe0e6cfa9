// The `?` overlay: every registered shortcut with its description, grouped.
import { Dialog } from '../components/Dialog';
import { useHotkeyActions } from '../hotkeys/useHotkeys';
import { useHotkeyHelp } from '../state/store';

export function HotkeyHelp() {
  const { open, setOpen } = useHotkeyHelp();
  const actions = useHotkeyActions();
  const groups = [...new Set(actions.map((action) => action.group))];
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Keyboard shortcuts" className="hotkey-help" testId="hotkey-help">
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
    </Dialog>
  );
}
