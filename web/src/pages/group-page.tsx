import { type FormEvent, useState } from 'react';
import { api, apiPage } from '../api/client.ts';
import type { Group, User } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { Confirm } from '../components/confirm.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { SaveBar } from '../components/save-bar.tsx';
import { useFormErrors } from '../lib/form-errors.ts';
import { navigate } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';
import { checkGroup, GroupFields } from './groups.tsx';

/** One group: its name, role and identity-provider group, its members, delete. */
export function GroupPage({ id }: { id: string }) {
  const group = useLoad(() => api<Group>('GET', `/groups/${id}`), [id]);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const g = group.data;

  if (group.error) return <ErrorNotice error={group.error} />;
  if (!g) return <Busy />;

  const remove = async () => {
    setBusy(true);
    try {
      await api('DELETE', `/groups/${g.id}`);
      navigate('/groups');
    } catch (err) {
      setDeleteError(err);
      setDeleting(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <nav aria-label="Breadcrumb" className="crumbs">
        <a href="#/groups">Groups</a> / <span>{g.name}</span>
      </nav>
      <h1>{g.name}</h1>
      <GroupForm key={g.updated_at ?? g.name} group={g} onSaved={group.reload} />
      <Members group={g} />
      <section className="danger-zone" aria-labelledby="danger">
        <h2 id="danger">Delete this group</h2>
        <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
          Delete group…
        </button>
        <ErrorNotice error={deleteError} />
      </section>
      {deleting && (
        <Confirm
          title={`Delete “${g.name}”?`}
          confirmLabel="Delete group"
          busy={busy}
          onCancel={() => setDeleting(false)}
          onConfirm={remove}
        >
          <p>
            Its members keep their own role{g.role ? ` but lose the ${g.role} role the group gave them` : ''}.
          </p>
        </Confirm>
      )}
    </section>
  );
}

function GroupForm({ group, onSaved }: { group: Group; onSaved(): void }) {
  const [draft, setDraft] = useState({
    name: group.name,
    role: group.role ?? '',
    idp_group: group.idp_group ?? '',
  });
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const validation = useFormErrors(checkGroup(draft));
  const { errors } = validation;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved('');
    if (!validation.check()) return;
    const patch: Record<string, unknown> = {};
    if (draft.name.trim() !== group.name) patch.name = draft.name.trim();
    if (draft.role !== (group.role ?? '')) patch.role = draft.role || null;
    if (draft.idp_group.trim() !== (group.idp_group ?? '')) patch.idp_group = draft.idp_group.trim() || null;
    if (Object.keys(patch).length === 0) return setSaved('Nothing changed.');
    setBusy(true);
    try {
      await api('PATCH', `/groups/${group.id}`, patch);
      setSaved('Saved.');
      validation.reset();
      onSaved();
    } catch (err) {
      validation.fail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={submit} {...validation.formProps} aria-label="Group">
      <ErrorSummary errors={errors} apiError={validation.apiError} />
      <ErrorNotice error={validation.apiError} fields={false} />
      <GroupFields
        draft={draft}
        onChange={(d) => {
          setDraft(d);
          setSaved('');
        }}
        errors={errors}
      />
      <SaveBar label="Save group" busy={busy} saved={saved} />
    </form>
  );
}

/**
 * Everyone (the first 100 users, then any member beyond them), a box ticked for each member; Save
 * replaces the member list, so members not shown are kept as they are.
 */
function Members({ group }: { group: Group }) {
  const users = useLoad(() => apiPage<User>('/users', { per_page: 100 }), []);
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [saved, setSaved] = useState('');
  const listed = users.data?.items ?? [];
  const members = new Set(group.members.map((m) => m.id));
  const shown = new Set(listed.map((u) => u.id));
  const all: Array<Pick<User, 'id' | 'email' | 'display_name'>> = [
    ...listed,
    ...group.members.filter((m) => !shown.has(m.id)),
  ];
  const chosen = picked ?? members;

  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setPicked(next);
    setSaved('');
  };
  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api('PUT', `/groups/${group.id}/members`, { user_ids: [...chosen] });
      setSaved(`Saved: ${chosen.size} member(s).`);
      users.reload();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="members">
      <h2 id="members">Members</h2>
      {group.idp_group && (
        <p className="muted small">
          People signing in through the identity provider join or leave by their{' '}
          <code>{group.idp_group}</code> group at each sign-in.
        </p>
      )}
      <ErrorNotice error={users.error ?? error} />
      {users.loading && !users.data && <Busy />}
      {users.data && all.length === 0 && <p className="muted">No users yet.</p>}
      {all.length > 0 && (
        <fieldset className="member-list">
          <legend className="sr-only">Members of {group.name}</legend>
          {all.map((u) => (
            <label key={u.id} className="check">
              <input
                type="checkbox"
                checked={chosen.has(u.id)}
                onChange={(e) => toggle(u.id, e.target.checked)}
              />
              <span>
                {u.display_name || u.email}
                {u.display_name && u.display_name !== u.email && (
                  <span className="muted small"> {u.email}</span>
                )}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {users.data && users.data.total > listed.length && (
        <p className="muted small">{`Showing the first ${listed.length} of ${users.data.total} users and every member.`}</p>
      )}
      <SaveBar label="Save members" busy={busy} saved={saved} onClick={save} disabled={!users.data} />
    </section>
  );
}
