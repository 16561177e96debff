/** A polite live region: screen readers hear that something is under way. */
export function Busy({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="busy" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}
