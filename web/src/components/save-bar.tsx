/**
 * A form's save button and the note that confirms the save: the one way pages say "saved".
 * A submit button unless `onClick` is given.
 */
export function SaveBar({
  label,
  busy,
  saved,
  busyLabel = 'Saving…',
  primary = true,
  disabled = false,
  onClick,
}: {
  label: string;
  busy: boolean;
  saved: string;
  busyLabel?: string;
  primary?: boolean;
  disabled?: boolean;
  onClick?: () => void;
}) {
  return (
    <div className="actions">
      <button
        type={onClick ? 'button' : 'submit'}
        className={primary ? 'btn btn-primary' : 'btn'}
        onClick={onClick}
        disabled={busy || disabled}
      >
        {busy ? busyLabel : label}
      </button>
      {saved && (
        <span className="ok" role="status">
          {saved}
        </span>
      )}
    </div>
  );
}
