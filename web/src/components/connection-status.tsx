import type { MyConnection } from '../api/types.ts';

type Status = MyConnection['status'];

/** Each status in words, and the badge colour it borrows (ok, warn, draft or plain). */
const STATUS: Record<Status, { label: string; badge: string }> = {
  connected: { label: 'connected', badge: 'ok' },
  needs_consent: { label: 'needs consent', badge: 'warn' },
  not_connected: { label: 'not connected', badge: 'draft' },
  automatic: { label: 'automatic', badge: 'plain' },
};

/** A connection's state as a badge; `needs consent` means: connect again. */
export function ConnectionStatus({ status }: { status: Status }) {
  const { label, badge } = STATUS[status];
  return <span className={`badge badge-${badge}`}>{label}</span>;
}
