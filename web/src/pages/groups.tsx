import { type FormEvent, useState } from 'react';
import { api, apiPage } from '../api/client.ts';
import type { Group } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { Field } from '../components/field.tsx';
import { Pager } from '../components/pager.tsx';
import { useFormErrors } from '../lib/form-errors.ts';
import { describeRole, ROLES } from '../lib/people-form.ts';
import { href, navigate } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';

/** Groups give their role to their members; an identity-provider group fills one at sign-in. */
export function Groups() {
  const [page, setPage] = useState(1);
  const list = useLoad(() => apiPage<Group>('/groups', { page, per_page: 20 }), [page]);
  const [creating, setCreating] = useState(false);

  return (
    <section>
      <div className="page-head">
        <h1>Groups</h1>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setCreating((c) => !c)}
          aria-expanded={creating}
        >
          {creating ? 'Close' : 'New group'}
        </button>
      </div>
      {creating && <NewGroup onCreated={(g) => navigate(`/groups/${encodeURIComponent(g.id)}`)} />}
      <ErrorNotice error={list.error} />
      {list.loading && !list.data && <Busy />}
      {list.data && list.data.total === 0 && !creating && (
        <div className="empty">
          <p>
            No groups yet. A group gives its role to everyone in it, and can be filled from your identity
            provider's groups when people sign in.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            Create the first group
          </button>
        </div>
      )}
      {list.data && list.data.items.length > 0 && (
        <>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">Identity-provider group</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((g) => (
                  <tr key={g.id}>
                    <td>
                      <a href={href('groups', g.id)}>{g.name}</a>
                    </td>
                    <td>{g.role ?? <span className="muted">none</span>}</td>
                    <td>{g.idp_group ? <code>{g.idp_group}</code> : <span className="muted">—</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} totalPages={list.data.totalPages} total={list.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** The fields a group is made of, shared by "New group" and a group's page. */
export function GroupFields({
  draft,
  onChange,
  errors,
}: {
  draft: GroupDraft;
  onChange(draft: GroupDraft): void;
  errors: Record<string, string>;
}) {
  return (
    <div className="grid">
      <Field label="Name *" name="name" error={errors.name}>
        <input value={draft.name} onChange={(e) => onChange({ ...draft, name: e.target.value })} />
      </Field>
      <Field
        label="Role"
        hint={describeRole(draft.role, 'none: membership alone grants nothing')}
        name="role"
        error={errors.role}
      >
        <select value={draft.role} onChange={(e) => onChange({ ...draft, role: e.target.value })}>
          <option value="">none</option>
          {ROLES.map(([r]) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </Field>
      <Field
        label="Identity-provider group"
        hint="optional: people whose groups claim holds this value join at sign-in"
        name="idp_group"
        error={errors.idp_group}
      >
        <input
          value={draft.idp_group}
          spellCheck={false}
          onChange={(e) => onChange({ ...draft, idp_group: e.target.value })}
        />
      </Field>
    </div>
  );
}

export interface GroupDraft {
  name: string;
  role: string;
  idp_group: string;
}

export function checkGroup(draft: GroupDraft): Record<string, string> {
  return draft.name.trim() ? {} : { name: 'required' };
}

function NewGroup({ onCreated }: { onCreated(group: Group): void }) {
  const [draft, setDraft] = useState<GroupDraft>({ name: '', role: '', idp_group: '' });
  const [busy, setBusy] = useState(false);
  const validation = useFormErrors(checkGroup(draft));
  const { errors } = validation;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!validation.check()) return;
    setBusy(true);
    try {
      onCreated(
        await api<Group>('POST', '/groups', {
          name: draft.name.trim(),
          ...(draft.role ? { role: draft.role } : {}),
          ...(draft.idp_group.trim() ? { idp_group: draft.idp_group.trim() } : {}),
        }),
      );
    } catch (err) {
      validation.fail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={submit} {...validation.formProps} aria-label="New group">
      <h2>New group</h2>
      <ErrorSummary errors={errors} apiError={validation.apiError} />
      <ErrorNotice error={validation.apiError} fields={false} />
      <GroupFields draft={draft} onChange={setDraft} errors={errors} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Creating…' : 'Create group'}
      </button>
    </form>
  );
}
