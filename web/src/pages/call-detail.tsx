import { useEffect, useRef } from 'react';
import type { CallLog } from '../api/types.ts';
import { formatDate } from '../lib/format.ts';

/** Who made a call, most specific first: MCP clientInfo.name, its family, then the transport. */
export function callClient(call: Pick<CallLog, 'client_name' | 'client' | 'client_type'>): string {
  return call.client_name || call.client || call.client_type;
}

/**
 * One call in a modal drawer on the native <dialog>: it takes focus (its Close button), Escape
 * and Close dismiss it, and focus goes back to what opened it.
 */
export function CallDetail({
  call,
  email,
  onClose,
}: {
  call: CallLog;
  /** The signed-in person's e-mail, when the page could read it (administrators). */
  email?: string;
  onClose(): void;
}) {
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
  const rows: Array<[string, unknown]> = [
    ['id', call.id],
    ['time', formatDate(call.created_at)],
    ['server', `${call.server_name ?? ''} ${call.server_uuid ?? ''}`],
    ['person', email ? `${email} (${call.user_uuid})` : call.user_uuid],
    ['OAuth client', call.oauth_client_id],
    ['tool', call.tool_name],
    ['JSON-RPC method', call.method],
    ['client', call.client_name],
    ['client family', call.client],
    ['client type', call.client_type],
    ['client IP', call.client_ip],
    ['session', call.session_id],
    ['status', call.response_status],
    ['upstream HTTP status', call.http_status],
    ['response time', `${call.response_time_ms} ms`],
    ['error', call.error_message],
  ];
  return (
    <dialog
      ref={ref}
      className="dialog drawer"
      aria-labelledby="call-detail-title"
      data-testid="call-detail"
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
        <h2 id="call-detail-title">Call {call.id}</h2>
        <button ref={close} type="button" className="btn btn-small" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="kv">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v === null || v === undefined || v === '' ? '—' : String(v)}</dd>
          </div>
        ))}
      </dl>
      <h3>Arguments (secrets redacted)</h3>
      <pre className="code">{JSON.stringify(call.request_args, null, 2)}</pre>
      {call.response_data !== undefined && call.response_data !== null && (
        <>
          <h3>Response data</h3>
          <pre className="code">
            {typeof call.response_data === 'string'
              ? call.response_data
              : JSON.stringify(call.response_data, null, 2)}
          </pre>
        </>
      )}
    </dialog>
  );
}
