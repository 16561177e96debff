import type { AuditEvent } from '../api/types.ts';
import { Drawer, Facts } from '../components/drawer.tsx';
import { formatDate } from '../lib/format.ts';

/** JSON as the drawer shows it, indented; "none" when there is none. */
function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <p className="muted">none</p>;
  return <pre className="code">{JSON.stringify(value, null, 2)}</pre>;
}

/**
 * What an event acted on: its kind and id; a person or server by name when the page knows it, a
 * policy by the name its event records.
 */
export function targetOf(e: AuditEvent, names: Map<string, string>): string {
  if (!e.target_kind) return '—';
  const recorded = (e.detail as { name?: unknown } | null)?.name;
  const name = e.target_kind === 'policy' && typeof recorded === 'string' ? recorded : undefined;
  const id = e.target_id ? (name ?? names.get(e.target_id) ?? e.target_id) : '';
  return `${e.target_kind} ${id}`.trim();
}

/** One audit event in a drawer: who did what to which thing, its redacted arguments, detail and hashes. */
export function AuditDetail({
  event,
  names,
  onClose,
}: {
  event: AuditEvent;
  /** A readable name for a UUID the page could resolve (a person's e-mail, a server's name). */
  names: Map<string, string>;
  onClose(): void;
}) {
  const named = (id: string | null | undefined) => (id && names.has(id) ? `${names.get(id)} (${id})` : id);
  const rows: Array<[string, unknown]> = [
    ['id', event.id],
    ['time', formatDate(event.at)],
    ['actor', `${event.actor_name} (${event.actor_kind})`],
    ['actor id', named(event.actor_id)],
    ['action', event.action],
    ['target', event.target_id ? `${targetOf(event, names)} (${event.target_id})` : event.target_kind],
    ['server', named(event.server_uuid)],
    ['tool', event.tool],
    ['decision', event.decision],
    ['policies', event.policy_ids?.join(', ')],
  ];
  return (
    <Drawer title={`Audit event ${event.id}`} testId="audit-detail" onClose={onClose}>
      <Facts rows={rows} />
      <h3>Arguments (secrets redacted)</h3>
      <Json value={event.arguments} />
      <h3>Detail</h3>
      <Json value={event.detail} />
      <h3>Chain</h3>
      <dl className="kv hashes">
        <div>
          <dt>prev_hash</dt>
          <dd className="mono">{event.prev_hash}</dd>
        </div>
        <div>
          <dt>hash</dt>
          <dd className="mono">{event.hash}</dd>
        </div>
      </dl>
    </Drawer>
  );
}
