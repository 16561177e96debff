import { useState } from 'react';
import { ApiError } from '../api/client.ts';
import { applyPlan, checkSource, getPlan } from '../api/sources.ts';
import type { ApplyResult, Server } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatDate } from '../lib/format.ts';
import { href, navigate } from '../lib/router.ts';
import { buildApply, emptyChoices, type PlanChoices, planLine, SIGNS } from '../lib/source-plan.ts';
import { useLoad } from '../lib/use-load.ts';
import { PlanEntryCard } from './plan-entry.tsx';

const isStale = (err: unknown) => err instanceof ApiError && err.status === 409;

/** What an apply did, in one sentence. */
function describeResult(r: ApplyResult): string {
  const parts = [
    r.created.length ? `${r.created.length} added` : '',
    r.changed.length ? `${r.changed.length} changed` : '',
    r.removed.length
      ? `${r.removed.length} removed (${r.removed.map((x) => `${x.slug}: ${x.action}`).join(', ')})`
      : '',
    r.skipped.length ? `${r.skipped.length} left out` : '',
  ].filter(Boolean);
  const told = r.list_changed ? ' MCP clients were told the tool list changed.' : '';
  return `Applied: ${parts.join(', ') || 'nothing to write'}.${told}`;
}

/**
 * A plan as a readable diff (Terraform's plan): the summary line, then each tool with its sign
 * (+ add, ~ change, → move, − remove), its fields last applied / yours / upstream with the
 * outcome, a choice for every conflict and every removal, and Apply.
 */
export function SourcePlanView({
  server,
  sourceId,
  planId,
}: {
  server: Server;
  sourceId: string;
  planId: string;
}) {
  const plan = useLoad(() => getPlan(server.uuid, sourceId, planId), [server.uuid, sourceId, planId]);
  const [choices, setChoices] = useState<PlanChoices>(emptyChoices);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [result, setResult] = useState<ApplyResult>();
  const p = plan.data;
  if (plan.error) return <ErrorNotice error={plan.error} />;
  if (!p) return <Busy />;

  const open = p.status === 'open';
  const built = buildApply(p, choices);
  const set = (change: (c: PlanChoices) => PlanChoices) => setChoices((c) => change(structuredClone(c)));
  const apply = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setResult(await applyPlan(server.uuid, sourceId, p.id, built.body));
      plan.reload();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const checkAgain = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const fresh = await checkSource(server.uuid, sourceId);
      navigate(href('servers', server.uuid, 'sources', sourceId, 'plans', fresh.id).slice(1));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const counts = p.summary;

  return (
    <section className="card" aria-labelledby="plan-title">
      <nav aria-label="Breadcrumb" className="crumbs small">
        <a href={href('servers', server.uuid, 'sources')}>Sources</a> /{' '}
        <a href={href('servers', server.uuid, 'sources', sourceId)}>
          {p.document.title || 'Untitled document'}
        </a>{' '}
        / <span>Plan</span>
      </nav>
      <h2 id="plan-title">
        Plan for {p.document.title || 'the document'} {p.document.version} <StatusBadge status={p.status} />
      </h2>
      <p className="small muted">
        {p.trigger === 'scheduled' ? 'Scheduled check' : 'Checked'} {formatDate(p.created_at)}
        {p.upstream === 'not_modified' && ' · the source answered 304 Not Modified'}
        {p.upstream === 'unchanged' && ' · the document is the one last applied'}
        {p.applied_at && ` · applied ${formatDate(p.applied_at)}`}
      </p>
      <p className="plan-line" data-testid="plan-line">
        {planLine(p)}
      </p>
      <ul className="plan-counts small" aria-label="Summary">
        {(['add', 'change', 'move', 'remove'] as const)
          .filter((action) => counts[action] > 0)
          .map((action) => (
            <li key={action} className={`plan-${action}`}>
              <span aria-hidden="true">{SIGNS[action]}</span> {counts[action]} to {action}
            </li>
          ))}
        {counts.conflicts > 0 && <li className="fc-reason">{counts.conflicts} conflict(s) to decide</li>}
        {counts.breaking > 0 && <li>{counts.breaking} tool(s) change in ways that break MCP clients</li>}
        <li className="muted">
          {counts.unchanged} unchanged, {counts.excluded} not imported
          {counts.flagged > 0 && `, ${counts.flagged} flagged`}
        </li>
      </ul>
      {p.warnings.length > 0 && (
        <div className="notice notice-info small">
          <ul>
            {p.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      {!open && !result && (
        <p className="notice notice-info">
          This plan was {p.status}.{' '}
          <button type="button" className="btn btn-small" onClick={checkAgain} disabled={busy}>
            Check again
          </button>
        </p>
      )}
      {result && (
        <p className="notice notice-ok" role="status">
          {describeResult(result)}
        </p>
      )}
      {p.entries.map((entry) => (
        <PlanEntryCard
          key={entry.id}
          entry={entry}
          choices={choices.fields[entry.id] ?? {}}
          removal={choices.removals[entry.id]}
          skipped={choices.skip.includes(entry.id)}
          invalid={built.invalid}
          disabled={!open || busy}
          onChoose={(field, choice) =>
            set((c) => {
              const forEntry = c.fields[entry.id] ?? {};
              if (choice) forEntry[field] = choice;
              else delete forEntry[field];
              c.fields[entry.id] = forEntry;
              return c;
            })
          }
          onRemoval={(action) =>
            set((c) => {
              c.removals[entry.id] = action;
              return c;
            })
          }
          onSkip={(skip) =>
            set((c) => {
              c.skip = skip ? [...c.skip, entry.id] : c.skip.filter((x) => x !== entry.id);
              return c;
            })
          }
        />
      ))}
      {isStale(error) ? (
        <div className="notice notice-warn" role="alert">
          <strong>The plan is stale — check again.</strong> {(error as ApiError).message}{' '}
          <button type="button" className="btn btn-small" onClick={checkAgain} disabled={busy}>
            Check again
          </button>
        </div>
      ) : (
        <ErrorNotice error={error} />
      )}
      {open && (
        <div className="sticky-end">
          {built.open.length > 0 && (
            <div className="notice notice-warn small" data-testid="plan-open">
              Still to decide:
              <ul>
                {built.open.map((o) => (
                  <li key={o}>{o}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={apply}
              disabled={busy || built.open.length > 0}
            >
              {busy ? 'Applying…' : p.entries.length ? 'Apply plan' : 'Apply (records the check)'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
