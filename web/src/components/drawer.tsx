import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A record's details in a modal drawer on the native <dialog>: it takes focus (its Close button),
 * Escape and Close dismiss it, and focus goes back to what opened it.
 */
export function Drawer({
  title,
  testId,
  onClose,
  children,
}: {
  title: string;
  testId?: string;
  onClose(): void;
  children: ReactNode;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal?.();
    close.current?.focus();
    return () => {
      dialog?.close?.();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog drawer"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        // The platform's Escape → cancel, handled once here wherever focus is inside.
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onClose();
      }}
    >
      <div className="page-head">
        <h2 id={titleId}>{title}</h2>
        <button ref={close} type="button" className="btn btn-small" onClick={onClose}>
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}

/** A drawer's facts as a term list; an empty value shows as a dash. */
export function Facts({ rows }: { rows: Array<[string, unknown]> }) {
  return (
    <dl className="kv">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v === null || v === undefined || v === '' ? '—' : String(v)}</dd>
        </div>
      ))}
    </dl>
  );
}
