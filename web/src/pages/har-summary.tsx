import { useState } from 'react';
import type { ParseResponse } from '../api/types.ts';

/**
 * The lines of a HAR import's warnings this summary shows: what was left out and why, and the
 * count of operations (said again in the summary's first line).
 */
export function isSummarised(warning: string): boolean {
  return warning.startsWith('Left out ') || /^\d+ operations? from \d+ recorded requests?/.test(warning);
}

/**
 * Phase 1 of a HAR import: how many recorded entries became API requests, what was left out and
 * why (static assets, analytics, other hosts…), and, when the recording called several hosts, a
 * choice of the hosts to import from.
 */
export function HarSummary({
  parsed,
  busy,
  onHosts,
}: {
  parsed: ParseResponse;
  busy: boolean;
  onHosts(hosts: string[]): void;
}) {
  const hosts = parsed.hosts ?? [];
  const [chosen, setChosen] = useState(() => new Set(hosts.filter((h) => h.kept).map((h) => h.host)));
  const kept = hosts.filter((h) => h.kept).reduce((sum, h) => sum + h.requests, 0);
  const leftOut = parsed.warnings?.filter((w) => w.startsWith('Left out ')) ?? [];
  const toggle = (host: string) => {
    const next = new Set(chosen);
    if (next.has(host)) next.delete(host);
    else next.add(host);
    setChosen(next);
  };
  return (
    <>
      <div className="notice notice-info" data-testid="har-filtered">
        <p>
          <strong>
            {kept} of {parsed.entries ?? 0} recorded requests are the API
          </strong>{' '}
          · grouped into {parsed.candidates.length} operation(s); inputs and outputs are typed from what was
          sent and answered, and no recorded value is kept.
        </p>
        {leftOut.length > 0 && (
          <ul>
            {leftOut.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
      {hosts.length > 1 && (
        <div className="form">
          <fieldset>
            <legend>Hosts to import from</legend>
            {hosts.map((h) => (
              <label key={h.host} className="check">
                <input type="checkbox" checked={chosen.has(h.host)} onChange={() => toggle(h.host)} />
                <code>{h.host}</code>{' '}
                <span className="muted small">
                  {h.requests} request(s){h.api ? ', answered JSON or XML' : ''}
                </span>
              </label>
            ))}
            <div className="actions">
              <button
                type="button"
                className="btn btn-small"
                disabled={busy || chosen.size === 0}
                onClick={() => onHosts([...chosen])}
              >
                Read again with these hosts
              </button>
            </div>
          </fieldset>
        </div>
      )}
    </>
  );
}
