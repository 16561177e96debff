import type { AuditEvent } from '../api/types.ts';
import { Drawer, Facts } from '../components/drawer.tsx';
import { formatDate } from '../lib/format.ts';

/** JSON as the drawer shows it: indented, or a dash for none. */
const json = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);

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
    ['target', event.target_kind ? `${event.target_kind} ${named(event.target_id) ?? ''}` : null],
    ['server', named(event.server_uuid)],
    ['tool', event.tool],
    ['decision', event.decision],
    ['policies', event.policy_ids?.join(', ')],
  ];
  return (
    <Drawer title={`Audit event ${event.id}`} testId="audit-detail" onClose={onClose}>
      <Facts rows={rows} />
      <h3>Arguments (secrets redacted)</h3>
      <pre className="code">{json(event.arguments)}</pre>
      <h3>Detail</h3>
      <pre className="code">{json(event.detail)}</pre>
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
