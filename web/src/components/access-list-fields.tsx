import { apiPage } from '../api/client.ts';
import type { Group, User } from '../api/types.ts';
import { useAuth } from '../lib/auth.tsx';
import type { ServerForm } from '../lib/server-form.ts';
import { useLoad } from '../lib/use-load.ts';
import { Busy } from './busy.tsx';
import { CheckboxPicker, type PickerEntry, withChosen } from './checkbox-picker.tsx';
import { Choices } from './choices.tsx';
import { ErrorNotice } from './error-notice.tsx';

type Access = Pick<ServerForm, 'access' | 'access_users' | 'access_groups'>;

const personEntry = (u: User): PickerEntry => ({
  id: u.id,
  name: u.display_name || u.email,
  detail: u.display_name && u.display_name !== u.email ? u.email : undefined,
});

/**
 * "Who may use this server" for a server Toolgate signs people in to: everyone signed in, or
 * only the people and groups ticked. Administrators pick from GET /users and /groups (the first
 * 100 of each); anyone else sees the list read-only, by name where they can tell (themselves).
 */
export function AccessListFields({
  value,
  onChange,
  errors,
}: {
  value: Access;
  onChange(patch: Partial<Access>): void;
  errors: Record<string, string>;
}) {
  const { can, user } = useAuth();
  const admin = can('manage_options');
  const people = useLoad(
    () =>
      admin && value.access === 'listed'
        ? Promise.all([
            apiPage<User>('/users', { per_page: 100 }),
            apiPage<Group>('/groups', { per_page: 100 }),
          ])
        : Promise.resolve(null),
    [admin, value.access],
  );
  const [users, groups] = people.data ?? [null, null];
  const userEntries = withChosen(users?.items.map(personEntry) ?? [], value.access_users);
  const groupEntries = withChosen(
    groups?.items.map((g) => ({ id: g.id, name: g.name })) ?? [],
    value.access_groups,
  );
  const nameOf = (id: string) => (user && id === user.id ? user.display_name || user.email : id);

  return (
    <fieldset data-testid="access-list">
      <legend>Who may use this server</legend>
      <Choices
        label="Who may use this server"
        value={value.access}
        disabled={!admin}
        onChange={(access) => onChange({ access })}
        choices={[
          { value: 'everyone', label: 'Everyone who signs in', hint: 'any active Toolgate user' },
          {
            value: 'listed',
            label: 'Only these people and groups',
            hint: 'anyone else is refused (403) at the MCP endpoint',
          },
        ]}
      />
      {!admin && <p className="muted small">Only an administrator can change who may use this server.</p>}
      {value.access === 'listed' && !admin && (
        <dl className="kv">
          <div>
            <dt>People</dt>
            <dd>{value.access_users.map(nameOf).join(', ') || 'none'}</dd>
          </div>
          <div>
            <dt>Groups</dt>
            <dd>{value.access_groups.join(', ') || 'none'}</dd>
          </div>
        </dl>
      )}
      {value.access === 'listed' && admin && (
        <>
          <ErrorNotice error={people.error} />
          {people.loading && !people.data && <Busy />}
          {people.data && (
            <>
              <CheckboxPicker
                title="People"
                errorKey="access_list.users"
                error={errors['access_list.users']}
                entries={userEntries}
                chosen={value.access_users}
                onChange={(access_users) => onChange({ access_users })}
                note={(users?.total ?? 0) > (users?.items.length ?? 0) && 'Only the first 100 are listed.'}
              />
              <CheckboxPicker
                title="Groups"
                errorKey="access_list.groups"
                error={errors['access_list.groups']}
                entries={groupEntries}
                chosen={value.access_groups}
                onChange={(access_groups) => onChange({ access_groups })}
                note={(groups?.total ?? 0) > (groups?.items.length ?? 0) && 'Only the first 100 are listed.'}
              />
            </>
          )}
        </>
      )}
    </fieldset>
  );
}
