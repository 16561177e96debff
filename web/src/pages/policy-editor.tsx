import { type FormEvent, useState } from 'react';
import { ApiError, api, buildQuery } from '../api/client.ts';
import type { Policy, PolicyProblem, PolicyVersion } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { Confirm } from '../components/confirm.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { Checkbox, Field } from '../components/field.tsx';
import { formatDate } from '../lib/format.ts';
import { excerptOf, type PlacedProblem, placeProblem } from '../lib/policy-text.ts';
import { navigate } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';
import { GLOBAL, useServers } from './policies.tsx';
import { TryPolicies } from './policy-try.tsx';

const EXAMPLE = `@reason("deletes are made in the console, not by assistants")
forbid(principal, action == Action::"call_tool", resource)
when { resource.risk == "destructive" };`;

interface PolicyForm {
  name: string;
  scope: string;
  description: string;
  enabled: boolean;
  text: string;
}

const formOf = (p: Policy): PolicyForm => ({
  name: p.name,
  scope: p.server_id ?? GLOBAL,
  description: p.description,
  enabled: p.enabled,
  text: p.text,
});

/** The problems of a refused save, placed in the text that was sent. */
function problemsOf(err: unknown, form: PolicyForm): PlacedProblem[] | null {
  if (!(err instanceof ApiError) || err.status !== 400 || !Array.isArray(err.data.problems)) return null;
  return (err.data.problems as PolicyProblem[]).map((p) => placeProblem(p, form.text, form.name));
}

/** Write (`id` "new") or change a policy: its Cedar text, problems in place, schema, versions, Try it. */
export function PolicyEditor({ id }: { id: string }) {
  const isNew = id === 'new';
  const servers = useServers();
  const [policy, setPolicy] = useState<Policy>();
  const [form, setForm] = useState<PolicyForm>({
    name: '',
    scope: GLOBAL,
    description: '',
    enabled: true,
    text: EXAMPLE,
  });
  const loaded = useLoad(
    () =>
      isNew
        ? Promise.resolve(null)
        : api<Policy>('GET', `/policies/${id}`).then((p) => {
            setPolicy(p);
            setForm(formOf(p));
            return p;
          }),
    [id],
  );
  const versions = useLoad(
    () => (isNew ? Promise.resolve([]) : api<PolicyVersion[]>('GET', `/policies/${id}/versions`)),
    [id, policy?.version],
  );
  const [problems, setProblems] = useState<{ list: PlacedProblem[]; text: string } | null>(null);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const [deleting, setDeleting] = useState(false);
  const set = (patch: Partial<PolicyForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setSaved('');
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    setProblems(null);
    setSaved('');
    const body = {
      name: form.name.trim(),
      description: form.description,
      text: form.text,
      enabled: form.enabled,
    };
    try {
      if (isNew) {
        const created = await api<Policy>('POST', '/policies', {
          ...body,
          server_id: form.scope === GLOBAL ? null : form.scope,
        });
        navigate(`/policies/${created.id}`);
        return;
      }
      const updated = await api<Policy>('PATCH', `/policies/${id}`, body);
      setPolicy(updated);
      setForm(formOf(updated));
      setSaved(`Saved: version ${updated.version}.`);
    } catch (err) {
      const placed = problemsOf(err, form);
      if (placed) setProblems({ list: placed, text: form.text });
      else setError(err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await api('DELETE', `/policies/${id}`);
      navigate('/policies');
    } catch (err) {
      setError(err);
      setDeleting(false);
    } finally {
      setBusy(false);
    }
  };

  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!isNew && !policy) return <Busy />;
  const scopeId = form.scope === GLOBAL ? null : form.scope;

  return (
    <section>
      <nav aria-label="Breadcrumb" className="crumbs">
        <a href="#/policies">Policies</a> / <span>{isNew ? 'New policy' : policy?.name}</span>
      </nav>
      <div className="page-head">
        <h1>{isNew ? 'New policy' : policy?.name}</h1>
        {!isNew && (
          <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
            Delete
          </button>
        )}
      </div>
      <form className="card" aria-label="Policy" onSubmit={save}>
        <div className="grid">
          <Field label="Name *" name="name" hint="lower-case letters, digits, . _ -">
            <input value={form.name} onChange={(e) => set({ name: e.target.value })} required />
          </Field>
          <Field
            label="Scope"
            name="server_id"
            hint={isNew ? 'the server whose calls it checks, or all' : 'fixed once the policy is saved'}
          >
            <select value={form.scope} disabled={!isNew} onChange={(e) => set({ scope: e.target.value })}>
              <option value={GLOBAL}>All servers</option>
              {servers.data?.map((s) => (
                <option key={s.uuid} value={s.uuid}>
                  {s.name}
                </option>
              ))}
              {policy?.server_id && !servers.data?.some((s) => s.uuid === policy.server_id) && (
                <option value={policy.server_id}>{policy.server_name ?? policy.server_id}</option>
              )}
            </select>
          </Field>
          <Field label="Description" name="description" wide>
            <input value={form.description} onChange={(e) => set({ description: e.target.value })} />
          </Field>
          <Checkbox label="Enabled" checked={form.enabled} onChange={(on) => set({ enabled: on })} />
          <Field
            label="Cedar text *"
            name="text"
            wide
            hint={
              <>
                <code>forbid</code> refuses a call; <code>@ask("caller")</code> before it asks the caller to
                confirm instead; <code>@reason("…")</code> is the message. The Schema below lists what a
                statement may name.
              </>
            }
          >
            <textarea
              className="mono policy-text"
              rows={10}
              spellCheck={false}
              value={form.text}
              onChange={(e) => set({ text: e.target.value })}
            />
          </Field>
        </div>
        {problems && <Problems problems={problems.list} text={problems.text} />}
        <ErrorNotice error={error} />
        <div className="actions">
          {saved && (
            <span className="ok" role="status">
              {saved}
            </span>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : isNew ? 'Create policy' : 'Save policy'}
          </button>
        </div>
      </form>
      <SchemaPanel serverId={scopeId} />
      {!isNew && <Versions versions={versions.data} error={versions.error} />}
      <TryPolicies servers={servers.data ?? []} serverId={scopeId} />
      {deleting && (
        <Confirm
          title={`Delete ${policy?.name}?`}
          confirmLabel="Delete"
          busy={busy}
          onCancel={() => setDeleting(false)}
          onConfirm={remove}
        >
          <p>Calls are no longer checked against it. Its versions stay, with a deleted one last.</p>
        </Confirm>
      )}
    </section>
  );
}

/** Each problem of a refused save with its place: line, column and the line with the span underlined. */
function Problems({ problems, text }: { problems: PlacedProblem[]; text: string }) {
  return (
    <div className="notice notice-error policy-problems" role="alert">
      <strong>
        Not saved: {problems.length === 1 ? 'a problem' : `${problems.length} problems`} in the text
      </strong>
      <ul>
        {problems.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole
          <li key={i}>
            {p.line !== undefined && (
              <span className="problem-place">
                line {p.line}, col {p.col}:{' '}
              </span>
            )}
            {p.message}
            {p.help && <div className="small">{p.help}</div>}
            {p.start !== undefined && <Excerpt text={text} start={p.start} end={p.end ?? p.start} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Excerpt({ text, start, end }: { text: string; start: number; end: number }) {
  const { before, span, after } = excerptOf(text, start, end);
  return (
    <pre className="problem-excerpt">
      {before}
      <mark>{span}</mark>
      {after}
    </pre>
  );
}

/** The Cedar schema a policy is checked against: entities, attributes and each tool's arguments. */
function SchemaPanel({ serverId }: { serverId: string | null }) {
  const [open, setOpen] = useState(false);
  const schema = useLoad(
    () =>
      open
        ? api<{ schema: string }>('GET', `/policies/schema${buildQuery({ server_id: serverId })}`)
        : Promise.resolve(null),
    [open, serverId],
  );
  return (
    <details className="card" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>
        <h2 className="inline">Schema</h2> <span className="muted small">what a statement may name</span>
      </summary>
      <ErrorNotice error={schema.error} />
      {open && !schema.data && !schema.error && <Busy />}
      {schema.data && <pre className="code">{schema.data.schema}</pre>}
    </details>
  );
}

function Versions({ versions, error }: { versions: PolicyVersion[] | undefined; error: unknown }) {
  const [shown, setShown] = useState<number | null>(null);
  const text = versions?.find((v) => v.version === shown)?.text;
  return (
    <div className="card">
      <h2>Versions</h2>
      <ErrorNotice error={error} />
      {versions && (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Versions</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col" className="hide-phone">
                  Change
                </th>
                <th scope="col">Changed</th>
                <th scope="col">
                  <span className="sr-only">Text</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.version}>
                  <td>{v.version}</td>
                  <td className="hide-phone">
                    {v.change}
                    {!v.enabled && <span className="muted small"> (disabled)</span>}
                  </td>
                  <td>
                    {v.changed_by ?? '—'}
                    <div className="small muted">{formatDate(v.changed_at)}</div>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-expanded={shown === v.version}
                      onClick={() => setShown(shown === v.version ? null : v.version)}
                    >
                      {shown === v.version ? 'Hide text' : 'Show text'}
                      <span className="sr-only"> of version {v.version}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {text !== undefined && (
        <>
          <h3>Text of version {shown}</h3>
          <pre className="code">{text}</pre>
        </>
      )}
    </div>
  );
}
