import { useState } from 'react';
import { checkSource, getSource, scheduleSource, untrackSource } from '../api/sources.ts';
import type { Server } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { Confirm } from '../components/confirm.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { Field } from '../components/field.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatDate } from '../lib/format.ts';
import { href, navigate } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';
import { describeSchedule, LastCheck } from './source-status.tsx';

const SCHEDULES: Array<[string, string]> = [
  ['', 'Off (check on demand)'],
  ['15', 'Every 15 minutes'],
  ['60', 'Hourly'],
  ['360', 'Every 6 hours'],
  ['1440', 'Daily'],
];

/** One source: what it is, its schedule, Check now (a URL) or a new text to check, what it tracks. */
export function SourceDetailView({ server, sourceId }: { server: Server; sourceId: string }) {
  const source = useLoad(() => getSource(server.uuid, sourceId), [server.uuid, sourceId]);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [schedule, setSchedule] = useState<string>();
  const [saved, setSaved] = useState('');
  const [text, setText] = useState('');
  const [untracking, setUntracking] = useState(false);
  const s = source.data;
  if (source.error) return <ErrorNotice error={source.error} />;
  if (!s) return <Busy />;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    setSaved('');
    try {
      await work();
    } catch (err) {
      setError(err);
      source.reload();
    } finally {
      setBusy(false);
    }
  };
  const check = () =>
    run(async () => {
      const plan = await checkSource(
        server.uuid,
        s.id,
        s.origin === 'text' && text.trim() ? text : undefined,
      );
      navigate(href('servers', server.uuid, 'sources', s.id, 'plans', plan.id).slice(1));
    });
  const chosen = schedule ?? (s.schedule_minutes === null ? '' : String(s.schedule_minutes));
  const saveSchedule = () =>
    run(async () => {
      await scheduleSource(server.uuid, s.id, chosen === '' ? null : Number(chosen));
      setSaved(`Schedule saved: ${describeSchedule(chosen === '' ? null : Number(chosen))}.`);
      source.reload();
    });
  const untrack = () =>
    run(async () => {
      await untrackSource(server.uuid, s.id);
      navigate(href('servers', server.uuid, 'sources').slice(1));
    });
  const presets = SCHEDULES.some(([v]) => v === chosen)
    ? SCHEDULES
    : [...SCHEDULES, [chosen, describeSchedule(Number(chosen))]];

  return (
    <section className="card" aria-labelledby="source-title">
      <nav aria-label="Breadcrumb" className="crumbs small">
        <a href={href('servers', server.uuid, 'sources')}>Sources</a> /{' '}
        <span>{s.title || 'Untitled document'}</span>
      </nav>
      <h2 id="source-title">
        {s.title || 'Untitled document'} <span className="tag">{s.kind}</span>
      </h2>
      <dl className="kv">
        <div>
          <dt>Read from</dt>
          <dd className="url">{s.url ?? 'the text stored at import'}</dd>
        </div>
        <div>
          <dt>Document version</dt>
          <dd>{s.document_version || '—'}</dd>
        </div>
        <div>
          <dt>Tools tracked</dt>
          <dd>
            {s.tracked_tools} ({s.excluded_operations} not imported, {s.flagged_removed} flagged)
          </dd>
        </div>
        <div>
          <dt>Last check</dt>
          <dd>
            <LastCheck source={s} />
          </dd>
        </div>
        <div>
          <dt>Last applied</dt>
          <dd>{formatDate(s.last_applied_at)}</dd>
        </div>
        <div>
          <dt>Revision</dt>
          <dd>{s.revision}</dd>
        </div>
      </dl>
      {s.last_check_error && (
        <p className="notice notice-error">
          The last check failed: <strong>{s.last_check_error}</strong>
        </p>
      )}
      {s.open_plan_id && (
        <p className="notice notice-info">
          A plan is waiting:{' '}
          <a href={href('servers', server.uuid, 'sources', s.id, 'plans', s.open_plan_id)}>
            review the open plan
          </a>
          .
        </p>
      )}
      <ErrorNotice error={error} />
      {saved && (
        <p className="ok" role="status">
          {saved}
        </p>
      )}
      {s.origin === 'url' ? (
        <div className="form">
          <Field
            label="Check on a schedule"
            hint="A conditional request (If-None-Match / If-Modified-Since): an unchanged document costs one 304. A change becomes a plan for you to apply; nothing is applied by itself."
          >
            <select value={chosen} onChange={(e) => setSchedule(e.target.value)} disabled={busy}>
              {presets.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <div className="actions">
            <button type="button" className="btn" onClick={saveSchedule} disabled={busy}>
              Save schedule
            </button>
            <button type="button" className="btn btn-primary" onClick={check} disabled={busy}>
              {busy ? 'Checking…' : 'Check now'}
            </button>
          </div>
        </div>
      ) : (
        <div className="form">
          <Field
            label="New version of the document"
            wide
            hint="This source is the text given at import: paste the new version to see the plan (empty re-reads the stored text)."
          >
            <textarea rows={6} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
          </Field>
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={check} disabled={busy}>
              {busy ? 'Checking…' : 'Check now'}
            </button>
          </div>
        </div>
      )}
      <h3>Operations</h3>
      <div className="table-wrap">
        <table>
          <caption className="sr-only">Operations of {s.title}</caption>
          <thead>
            <tr>
              <th scope="col">Operation</th>
              <th scope="col">Tool</th>
            </tr>
          </thead>
          <tbody>
            {s.operations.map((o) => (
              <tr key={o.key}>
                <td>
                  <span className="method">{o.method}</span> <code>{o.path}</code>
                  {o.operation_id && <div className="small muted">{o.operation_id}</div>}
                </td>
                <td>
                  {o.tool ? (
                    <>
                      <a href={href('servers', server.uuid, 'tools', o.tool.id)}>{o.tool.slug}</a>{' '}
                      <StatusBadge status={o.tool.status} />
                      {o.removed_upstream_at && (
                        <span className="badge badge-warn">
                          gone upstream {formatDate(o.removed_upstream_at)}
                        </span>
                      )}
                    </>
                  ) : (
                    <span className="muted small">not imported</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="danger-zone" aria-labelledby="untrack">
        <h3 id="untrack">Stop tracking</h3>
        <button type="button" className="btn btn-danger" onClick={() => setUntracking(true)} disabled={busy}>
          Stop tracking…
        </button>
      </section>
      {untracking && (
        <Confirm
          title="Stop tracking this source?"
          confirmLabel="Stop tracking"
          busy={busy}
          onCancel={() => setUntracking(false)}
          onConfirm={untrack}
        >
          <p>
            Its {s.tracked_tools} tool(s) stay exactly as they are; changes to the document are no longer
            checked and its plans are forgotten.
          </p>
        </Confirm>
      )}
    </section>
  );
}
