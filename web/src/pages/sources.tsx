import { useState } from 'react';
import { checkSource, listSources } from '../api/sources.ts';
import type { Server, Source } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { href, navigate } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';
import { SourceDetailView } from './source-detail.tsx';
import { SourcePlanView } from './source-plan.tsx';
import { describeSchedule, LastCheck } from './source-status.tsx';

/**
 * A server's tracked sources (`#/servers/{uuid}/sources[/{id}[/plans/{plan}]]`): the documents
 * its imports came from, checked again on demand or on a schedule, each check a plan to review.
 */
export function Sources({ server, rest }: { server: Server; rest: string[] }) {
  const [sourceId, plans, planId] = rest;
  if (sourceId && plans === 'plans' && planId)
    return <SourcePlanView key={planId} server={server} sourceId={sourceId} planId={planId} />;
  if (sourceId) return <SourceDetailView key={sourceId} server={server} sourceId={sourceId} />;
  return <SourceList server={server} />;
}

function SourceList({ server }: { server: Server }) {
  const list = useLoad(() => listSources(server.uuid), [server.uuid]);
  const [checking, setChecking] = useState<string>();
  const [error, setError] = useState<unknown>();

  const check = async (s: Source) => {
    setChecking(s.id);
    setError(undefined);
    try {
      const plan = await checkSource(server.uuid, s.id);
      navigate(href('servers', server.uuid, 'sources', s.id, 'plans', plan.id).slice(1));
    } catch (err) {
      setError(err);
      list.reload();
    } finally {
      setChecking(undefined);
    }
  };

  return (
    <section className="card" aria-labelledby="sources-title">
      <h2 id="sources-title">Sources</h2>
      <p className="muted small">
        The documents this server’s tools were imported from. Check one to see what changed upstream as a plan
        — what would be added, changed, moved or removed, field by field against your own edits — and apply it
        when it looks right.
      </p>
      <ErrorNotice error={list.error ?? error} />
      {list.loading && !list.data && <Busy />}
      {list.data && list.data.length === 0 && (
        <p className="empty">
          No tracked source yet. An OpenAPI or Postman import made on the{' '}
          <a href={href('servers', server.uuid, 'import')}>Import</a> tab is tracked here.
        </p>
      )}
      {list.data && list.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Sources of {server.name}</caption>
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col" className="num">
                  Tools
                </th>
                <th scope="col" className="hide-phone">
                  Schedule
                </th>
                <th scope="col">Last check</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((s) => (
                <tr key={s.id}>
                  <td>
                    <a href={href('servers', server.uuid, 'sources', s.id)}>
                      {s.title || 'Untitled document'}
                    </a>{' '}
                    <span className="tag">{s.kind}</span>
                    <div className={`small muted${s.url ? ' url' : ''}`}>{s.url ?? 'stored text'}</div>
                    {s.open_plan_id && (
                      <div className="small">
                        <a href={href('servers', server.uuid, 'sources', s.id, 'plans', s.open_plan_id)}>
                          Open plan
                        </a>
                      </div>
                    )}
                  </td>
                  <td className="num">{s.tracked_tools}</td>
                  <td className="hide-phone small">{describeSchedule(s.schedule_minutes)}</td>
                  <td>
                    <LastCheck source={s} />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={checking !== undefined}
                      onClick={() => check(s)}
                    >
                      {checking === s.id ? 'Checking…' : 'Check now'}
                      <span className="sr-only"> {s.title}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
