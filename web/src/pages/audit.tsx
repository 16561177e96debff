import { useCallback, useId, useState } from 'react';
import { api, apiBase, apiPage, buildQuery, download } from '../api/client.ts';
import type { AuditEvent, AuditVerify, Group, Server, User } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { DecisionBadge } from '../components/decision-badge.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { Field } from '../components/field.tsx';
import { Pager } from '../components/pager.tsx';
import {
  AUDIT_ACTION_PREFIXES,
  AUDIT_DECISIONS,
  type AuditFilters,
  type AuditView,
  checkAuditFilters,
  EMPTY_AUDIT_FILTERS,
  readAuditView,
  writeAuditView,
} from '../lib/audit-filters.ts';
import { activeFilters } from '../lib/call-filters.ts';
import { formatDate, shortUuid } from '../lib/format.ts';
import { currentQuery, useHashQuery, writeHashQuery } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';
import { AuditDetail, targetOf } from './audit-detail.tsx';

/**
 * The hash-chained audit trail (administrators): filters kept in the URL, a page of events, one
 * event's details, the JSON-lines export of what the filters match, and the chain check.
 */
export function Audit() {
  const [view, setView] = useState<AuditView>(() => readAuditView(currentQuery()));
  const { filters, page } = view;
  useHashQuery(useCallback((query: URLSearchParams) => setView(readAuditView(query)), []));
  const show = (next: AuditView, push: boolean) => {
    setView(next);
    writeHashQuery(writeAuditView(next), { push });
  };
  /** A typed filter replaces the history entry; a chosen one adds one. */
  const setFilter = (patch: Partial<AuditFilters>, typed = false) =>
    show({ filters: { ...filters, ...patch }, page: 1, event: '' }, !typed);
  const openEvent = (id: number | null) =>
    show({ ...view, event: id === null ? '' : String(id) }, id !== null);
  const filterErrors = checkAuditFilters(filters);
  const query = activeFilters(filters);

  const servers = useLoad(() => apiPage<Server>('/servers', { per_page: 100 }).then((p) => p.items), []);
  const users = useLoad(() => apiPage<User>('/users', { per_page: 100 }).then((p) => p.items), []);
  const groups = useLoad(() => apiPage<Group>('/groups', { per_page: 100 }).then((p) => p.items), []);
  // UUIDs the page can name: people by e-mail, servers and groups by name.
  const names = new Map<string, string>([
    ...(users.data ?? []).map((u): [string, string] => [u.id, u.email]),
    ...(servers.data ?? []).map((s): [string, string] => [s.uuid, s.name]),
    ...(groups.data ?? []).map((g): [string, string] => [g.id, g.name]),
  ]);
  const list = useLoad(
    () =>
      Object.keys(filterErrors).length
        ? Promise.reject(new Error('Fix the filters first.'))
        : apiPage<AuditEvent>('/audit', { ...query, page, per_page: 25 }),
    [JSON.stringify(query), page],
  );
  const detail = view.event ? list.data?.items.find((e) => String(e.id) === view.event) : undefined;
  const hasFilter = Object.keys(query).length > 0;
  const actions = useId();

  const [error, setError] = useState<unknown>();
  const exportPath = `/audit/export${buildQuery(query)}`;
  const exportLines = async () => {
    setError(undefined);
    try {
      await download(exportPath, `toolgate-audit-${new Date().toISOString().slice(0, 10)}.jsonl`);
    } catch (e) {
      setError(e);
    }
  };

  return (
    <section>
      <div className="page-head">
        <h1>Audit log</h1>
        <div className="actions">
          {/* The link carries the filters (copy it, or open it in a signed-in tab); a click
              downloads through the API client, which also works when signed in with a key. */}
          <a
            className="btn"
            href={`${apiBase()}${exportPath}`}
            onClick={(e) => {
              e.preventDefault();
              void exportLines();
            }}
          >
            Export JSON lines
          </a>
        </div>
      </div>
      <p className="muted">
        Who changed people, keys and policies, and every call a policy refused or asked about. Each event is
        chained to the one before by its hash, so a changed or removed row shows.
      </p>
      <ChainCheck />
      <form className="filters card" onSubmit={(e) => e.preventDefault()}>
        <Field label="Action">
          <input
            list={actions}
            placeholder="e.g. policy."
            value={filters.action}
            onChange={(e) => setFilter({ action: e.target.value }, true)}
          />
        </Field>
        <datalist id={actions}>
          {AUDIT_ACTION_PREFIXES.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
        <Field label="Actor">
          <input
            placeholder="name or id"
            value={filters.actor}
            onChange={(e) => setFilter({ actor: e.target.value }, true)}
          />
        </Field>
        <Field label="Server">
          <select value={filters.server} onChange={(e) => setFilter({ server: e.target.value })}>
            <option value="">any</option>
            {filters.server && !names.has(filters.server) && (
              <option value={filters.server}>{shortUuid(filters.server)}</option>
            )}
            {servers.data?.map((s) => (
              <option key={s.uuid} value={s.uuid}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Decision">
          <select value={filters.decision} onChange={(e) => setFilter({ decision: e.target.value })}>
            <option value="">any</option>
            {AUDIT_DECISIONS.map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </Field>
        <Field label="From">
          <input
            type="date"
            value={filters.from}
            onChange={(e) => setFilter({ from: e.target.value }, true)}
          />
        </Field>
        <Field label="To" error={filterErrors.to}>
          <input type="date" value={filters.to} onChange={(e) => setFilter({ to: e.target.value }, true)} />
        </Field>
        {hasFilter && (
          <button type="button" className="btn btn-small" onClick={() => setFilter(EMPTY_AUDIT_FILTERS)}>
            Clear filters
          </button>
        )}
      </form>
      <ErrorNotice error={error ?? list.error} />
      {list.loading && !list.data && <Busy />}
      {list.data && list.data.items.length === 0 && (
        <p className="empty">{hasFilter ? 'No audit events match these filters.' : 'No audit events yet.'}</p>
      )}
      {list.data && list.data.items.length > 0 && (
        <>
          <div className="table-wrap">
            <table data-testid="audit-events">
              <caption className="sr-only">Audit events, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col" className="hide-phone">
                    Actor
                  </th>
                  <th scope="col">Action</th>
                  <th scope="col" className="hide-phone">
                    Target
                  </th>
                  <th scope="col" className="hide-phone">
                    Tool
                  </th>
                  <th scope="col">Decision</th>
                  <th scope="col" className="hide-phone">
                    Policies
                  </th>
                  <th scope="col" className="sticky-end">
                    <span className="sr-only">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((e) => (
                  <tr key={e.id} className={detail?.id === e.id ? 'selected' : undefined}>
                    <td className="small">{formatDate(e.at)}</td>
                    <td className="hide-phone">
                      {e.actor_name} <span className="muted small">{e.actor_kind}</span>
                    </td>
                    <td>
                      <code>{e.action}</code>
                      {/* The Actor column is hidden on a phone: the actor goes under the action. */}
                      <div className="muted small only-phone">{e.actor_name}</div>
                    </td>
                    <td className="hide-phone">{targetOf(e, names)}</td>
                    <td className="hide-phone">
                      {e.tool ?? (e.server_uuid ? '' : '—')}
                      {e.server_uuid && (
                        <div className="muted small">
                          {names.get(e.server_uuid) ?? shortUuid(e.server_uuid)}
                        </div>
                      )}
                    </td>
                    <td>{e.decision ? <DecisionBadge decision={e.decision} /> : '—'}</td>
                    <td className="hide-phone">
                      {e.policy_ids?.length
                        ? e.policy_ids.map((id) => (
                            <code key={id} className="tag">
                              {id}
                            </code>
                          ))
                        : '—'}
                    </td>
                    <td className="sticky-end">
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => openEvent(e.id)}
                        aria-haspopup="dialog"
                        aria-label={`Details of event ${e.id}`}
                      >
                        Details
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            totalPages={list.data.totalPages}
            total={list.data.total}
            onPage={(p) => show({ ...view, page: p, event: '' }, true)}
          />
        </>
      )}
      {view.event && list.data && !list.loading && !detail && (
        <p className="notice notice-warn" role="status">
          Event {view.event} is not on this page of results.{' '}
          <button type="button" className="btn btn-small" onClick={() => openEvent(null)}>
            Dismiss
          </button>
        </p>
      )}
      {detail && <AuditDetail event={detail} names={names} onClose={() => openEvent(null)} />}
    </section>
  );
}

/** "Verify chain": walks every row on the server and says plainly whether the chain holds. */
function ChainCheck() {
  const [result, setResult] = useState<AuditVerify>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const verify = async () => {
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      setResult(await api<AuditVerify>('GET', '/audit/verify'));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="chain-check">
      <button type="button" className="btn" disabled={busy} onClick={verify}>
        {busy ? 'Verifying…' : 'Verify chain'}
      </button>
      {result?.ok === true && (
        <p className="notice notice-ok" role="status">
          Chain intact: {(result.rows ?? 0).toLocaleString()} rows
        </p>
      )}
      {result?.ok === false && (
        <div className="notice notice-error" role="alert">
          <strong>
            Chain broken at row {result.broken_at}: {result.reason}
          </strong>
          <p>
            A row was changed or removed outside Toolgate. Rows before it still verify; export the log and
            compare it with an earlier export or backup.
          </p>
        </div>
      )}
      <ErrorNotice error={error} />
    </div>
  );
}
