import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A modal confirmation on the native <dialog> (focus is trapped and Escape cancels, as the
 * platform does it). `consequences` names what goes with the action.
 */
export function Confirm({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
  tone = 'danger',
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
  /** The confirming button's look: red for what removes or refuses, blue for what lets through. */
  tone?: 'danger' | 'primary';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="confirm-title"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-title">{title}</h2>
      <div>{children}</div>
      <div className="actions">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className={`btn btn-${tone}`} onClick={onConfirm} disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
