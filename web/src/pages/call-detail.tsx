import type { CallLog } from '../api/types.ts';
import { Drawer, Facts } from '../components/drawer.tsx';
import { formatDate, shortUuid } from '../lib/format.ts';

/** Who made a call, most specific first: MCP clientInfo.name, its family, then the transport. */
export function callClient(call: Pick<CallLog, 'client_name' | 'client' | 'client_type'>): string {
  return call.client_name || call.client || call.client_type;
}

/** The program of a code-mode run's own row (`execute {code}`), as it was written. */
function programOf(call: CallLog): string | undefined {
  const args = call.request_args as { code?: unknown } | null;
  return call.tool_name === 'execute' && call.run_id && typeof args?.code === 'string'
    ? args.code
    : undefined;
}

/** One call in a drawer. */
export function CallDetail({
  call,
  email,
  onClose,
  onShowRun,
}: {
  call: CallLog;
  /** The signed-in person's e-mail, when the page could read it (administrators). */
  email?: string;
  onClose(): void;
  /** Lists every call of the code-mode run this call belongs to (absent: the list shows them already). */
  onShowRun?(runId: string): void;
}) {
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
    ['program run', call.run_id],
    ['status', call.response_status],
    ['upstream HTTP status', call.http_status],
    ['response time', `${call.response_time_ms} ms`],
    ['error', call.error_message],
  ];
  return (
    <Drawer title={`Call ${call.id}`} testId="call-detail" onClose={onClose}>
      {call.run_id && <RunLine call={call} runId={call.run_id} onShowRun={onShowRun} />}
      <Facts rows={rows} />
      {programOf(call) !== undefined ? (
        <>
          <h3>Program</h3>
          <pre className="code">{programOf(call)}</pre>
        </>
      ) : (
        <>
          <h3>Arguments (secrets redacted)</h3>
          <pre className="code">{JSON.stringify(call.request_args, null, 2)}</pre>
        </>
      )}
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
    </Drawer>
  );
}

/** Which code-mode run a call belongs to, and the way to all of its calls. */
function RunLine({
  call,
  runId,
  onShowRun,
}: {
  call: CallLog;
  runId: string;
  onShowRun?(runId: string): void;
}) {
  return (
    <p className="run-line" data-testid="run-line">
      <span className="badge badge-run">run</span>{' '}
      <strong>
        Program run <code title={runId}>{shortUuid(runId)}</code>
      </strong>
      {call.tool_name === 'execute' && call.method === 'tools/call'
        ? ': the program the model sent to execute.'
        : ': one api call of its program.'}{' '}
      {onShowRun && (
        <button type="button" className="btn btn-small" onClick={() => onShowRun(runId)}>
          Show the run's calls
        </button>
      )}
    </p>
  );
}
