// The studio's one modal dialog, on Radix's Dialog (@radix-ui/react-dialog): focus moves in and
// stays in (Tab cycles), Escape and a click on the backdrop close it, focus returns to where it
// was, the rest of the page is inert for assistive technology, and the title names the dialog.
import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  /** The visible heading; also the dialog's accessible name. */
  title: ReactNode;
  /** A line under the title, read out when the dialog opens. */
  description?: ReactNode;
  className: string;
  testId?: string;
  /** The body under the description (a question may need none). */
  children?: ReactNode;
  /** Buttons at the bottom; without it, one "Close" button. */
  actions?: ReactNode;
  /** Once closed and the focus is back where it was (an action chosen in the dialog that acts on the focused element runs here). */
  onFocusReturned?(): void;
  /**
   * The dialog itself takes the focus, not its first control: for a dialog that may open while
   * the user types (the annotation file's conflicts), whose next keys must pick or press nothing.
   */
  focusItself?: boolean;
}

export function Dialog({ open, onClose, title, description, className, testId, children, actions, onFocusReturned, focusItself }: DialogProps) {
  // Radix returns focus to its Trigger; these dialogs open from keys, menus and status-bar
  // buttons instead, so the element focused when the dialog opened gets the focus back.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="overlay-backdrop" />
        <RadixDialog.Content
          className={`dialog ${className}`}
          data-testid={testId}
          // Without a description, no aria-describedby (Radix asks for one or an explicit undefined).
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
            if (focusItself && event.target instanceof HTMLElement) {
              event.preventDefault();
              event.target.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
            opener.current = null;
            onFocusReturned?.();
          }}
        >
          <RadixDialog.Title>{title}</RadixDialog.Title>
          {/* A div, not Radix's <p>: a description may hold lists (the calls a question names). */}
          {description && (
            <RadixDialog.Description asChild>
              <div className="muted dialog-description">{description}</div>
            </RadixDialog.Description>
          )}
          {children}
          <div className="dialog-actions">
            {actions ?? (
              <RadixDialog.Close className="primary" data-testid={testId ? `${testId}-close` : undefined}>
                Close
              </RadixDialog.Close>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
