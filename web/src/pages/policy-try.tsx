import { type FormEvent, useEffect, useState } from 'react';
import { api, apiPage } from '../api/client.ts';
import type { PolicyDecision, Server, Tool, User } from '../api/types.ts';
import { DecisionBadge } from '../components/decision-badge.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { Field } from '../components/field.tsx';
import { useLoad } from '../lib/use-load.ts';

/** Arguments typed as JSON: an object, or the reason it is not one. */
export function parseArguments(text: string): { value?: Record<string, unknown>; error?: string } {
  if (!text.trim()) return { value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return { error: 'a JSON object, e.g. {"amount": 900}' };
    return { value: value as Record<string, unknown> };
  } catch (err) {
    return { error: `not JSON: ${(err as Error).message}` };
  }
}

/**
 * "Try it": who (a user, or no one — the server's shared identity) calls which tool with what
 * arguments, and what the saved, enabled policies decide. Nothing is called upstream.
 */
export function TryPolicies({ servers, serverId }: { servers: Server[]; serverId?: string | null }) {
  const [server, setServer] = useState(serverId ?? '');
  const [tool, setTool] = useState('');
  const [user, setUser] = useState('');
  const [args, setArgs] = useState('{}');
  const [decision, setDecision] = useState<PolicyDecision>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const chosen = server || servers[0]?.uuid || '';
  const tools = useLoad(
    () =>
      chosen
        ? apiPage<Tool>(`/servers/${chosen}/tools`, { per_page: 100 }).then((p) => p.items)
        : Promise.resolve([]),
    [chosen],
  );
  const users = useLoad(() => apiPage<User>('/users', { per_page: 100 }).then((p) => p.items), []);
  const parsed = parseArguments(args);
  const chosenTool = tool || tools.data?.[0]?.slug || '';

  // A policy's own server is the one to try first.
  useEffect(() => {
    if (serverId) setServer(serverId);
  }, [serverId]);

  const run = async (e: FormEvent) => {
    e.preventDefault();
    if (parsed.error || !chosen || !chosenTool) return;
    setBusy(true);
    setError(undefined);
    setDecision(undefined);
    try {
      setDecision(
        await api<PolicyDecision>('POST', '/policies/evaluate', {
          server_id: chosen,
          tool: chosenTool,
          arguments: parsed.value,
          user_id: user || null,
        }),
      );
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card" aria-label="Try it" onSubmit={run}>
      <h2>Try it</h2>
      <p className="muted small">What the saved, enabled policies decide for a call. Nothing is called.</p>
      <div className="grid">
        <Field label="Server" name="try-server">
          <select
            value={chosen}
            onChange={(e) => {
              setServer(e.target.value);
              setTool('');
              setDecision(undefined);
            }}
          >
            {servers.map((s) => (
              <option key={s.uuid} value={s.uuid}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Tool"
          name="try-tool"
          hint={tools.data?.length === 0 ? 'this server has no tools' : undefined}
        >
          <select value={chosenTool} onChange={(e) => setTool(e.target.value)}>
            {tools.data?.map((t) => (
              <option key={t.uuid} value={t.slug}>
                {t.name} ({t.slug})
              </option>
            ))}
          </select>
        </Field>
        <Field label="Caller" name="try-user">
          <select value={user} onChange={(e) => setUser(e.target.value)}>
            <option value="">No one — the server’s shared identity</option>
            {users.data?.map((u) => (
              <option key={u.id} value={u.id}>
                {u.email}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Arguments (JSON)" name="try-arguments" wide error={parsed.error}>
          <textarea
            className="mono"
            rows={4}
            spellCheck={false}
            value={args}
            onChange={(e) => setArgs(e.target.value)}
          />
        </Field>
      </div>
      <div className="actions">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy || Boolean(parsed.error) || !chosenTool}
        >
          {busy ? 'Deciding…' : 'Decide'}
        </button>
      </div>
      <ErrorNotice error={error} />
      {decision && <DecisionView decision={decision} />}
    </form>
  );
}

function DecisionView({ decision }: { decision: PolicyDecision }) {
  return (
    <div className="decision" role="status">
      <p>
        <DecisionBadge decision={decision.decision} />{' '}
        {decision.reason ?? (decision.decision === 'permit' ? 'No policy stands in the way.' : '')}
      </p>
      <dl className="kv">
        <div>
          <dt>Decided by</dt>
          <dd>
            {decision.policy_ids.length
              ? decision.policy_ids.map((id) => (
                  <code key={id} className="tag">
                    {id}
                  </code>
                ))
              : 'no policy'}
          </dd>
        </div>
        <div>
          <dt>Tool risk</dt>
          <dd>{decision.risk}</dd>
        </div>
      </dl>
    </div>
  );
}
