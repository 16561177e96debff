import { useEffect, useRef, useState } from 'react';
import { ErrorNotice } from './components/error-notice.tsx';
import { canSee, useAuth } from './lib/auth.tsx';
import { useRoute } from './lib/router.ts';
import { Account } from './pages/account.tsx';
import { Approvals } from './pages/approvals.tsx';
import { Audit } from './pages/audit.tsx';
import { CallLogs } from './pages/call-logs.tsx';
import { Dashboard } from './pages/dashboard.tsx';
import { GroupPage } from './pages/group-page.tsx';
import { Groups } from './pages/groups.tsx';
import { Health } from './pages/health.tsx';
import { Keys } from './pages/keys.tsx';
import { MyConnections } from './pages/my-connections.tsx';
import { Policies } from './pages/policies.tsx';
import { PolicyEditor } from './pages/policy-editor.tsx';
import { ServerPage } from './pages/server-page.tsx';
import { Servers } from './pages/servers.tsx';
import { SettingsPage } from './pages/settings.tsx';
import { UserPage } from './pages/user-page.tsx';
import { Users } from './pages/users.tsx';

interface NavItem {
  path: string;
  label: string;
  show: boolean;
}

function Content({ route }: { route: string[] }) {
  const auth = useAuth();
  const [section, id] = route;
  if (section && section !== 'dashboard' && !canSee(auth, section))
    return (
      <section>
        <h1>Not available</h1>
        <p>This page does not exist or your role does not allow it.</p>
        <p>
          <a className="btn btn-primary" href="#/">
            Go to the {auth.can('svc_view_analytics') ? 'dashboard' : 'start page'}
          </a>
        </p>
      </section>
    );
  // Keyed: another server's address starts afresh (its form state is not the last server's).
  if (section === 'servers' && id) return <ServerPage key={id} uuid={id} rest={route.slice(2)} />;
  if (section === 'servers') return <Servers />;
  if (section === 'logs') return <CallLogs />;
  if (section === 'settings') return <SettingsPage />;
  if (section === 'keys') return <Keys />;
  if (section === 'users' && id) return <UserPage key={id} id={id} />;
  if (section === 'users') return <Users />;
  if (section === 'groups' && id) return <GroupPage key={id} id={id} />;
  if (section === 'groups') return <Groups />;
  if (section === 'policies' && id) return <PolicyEditor key={id} id={id} />;
  if (section === 'policies') return <Policies />;
  if (section === 'audit') return <Audit />;
  if (section === 'approvals') return <Approvals />;
  if (section === 'account') return <Account />;
  if (section === 'connections') return <MyConnections />;
  if (section === 'health') return <Health />;
  // The start page: the first of these the role allows; a person with no role yet gets their account.
  if (auth.can('svc_view_analytics')) return <Dashboard />;
  if (auth.can('svc_manage_servers')) return <Servers />;
  if (auth.can('svc_manage_settings')) return <SettingsPage />;
  return <Account />;
}

export function Layout() {
  const auth = useAuth();
  const { me, via, user } = auth;
  const [signOutError, setSignOutError] = useState<unknown>();
  const route = useRoute();
  const main = useRef<HTMLElement>(null);
  const nav: NavItem[] = [
    { path: 'dashboard', label: 'Dashboard' },
    { path: 'servers', label: 'Servers' },
    { path: 'logs', label: 'Call logs' },
    { path: 'settings', label: 'Settings' },
    { path: 'keys', label: 'API keys' },
    { path: 'users', label: 'Users' },
    { path: 'groups', label: 'Groups' },
    { path: 'policies', label: 'Policies' },
    { path: 'audit', label: 'Audit log' },
    { path: 'approvals', label: 'Approvals' },
    { path: 'health', label: 'Health' },
  ].map((n) => ({ ...n, show: canSee(auth, n.path) }));
  const active = route[0] ?? 'dashboard';
  const routeKey = route.join('/');

  // A new view moves focus to its heading region (screen readers announce the change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on route change only
  useEffect(() => {
    main.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [routeKey]);

  return (
    <div className="shell">
      <button type="button" className="skip" onClick={() => main.current?.focus()}>
        Skip to content
      </button>
      <header className="topbar">
        <a className="brand" href="#/">
          <span className="logo" aria-hidden="true">
            T
          </span>
          Toolgate
        </a>
        <nav aria-label="Main">
          <ul>
            {nav
              .filter((n) => n.show)
              .map((n) => (
                <li key={n.path}>
                  <a href={`#/${n.path}`} aria-current={active === n.path ? 'page' : undefined}>
                    {n.label}
                  </a>
                </li>
              ))}
          </ul>
        </nav>
        <div className="whoami">
          <span>
            <a
              href="#/account"
              aria-current={active === 'account' ? 'page' : undefined}
              title={
                via === 'key'
                  ? `key ${me.prefix}… · may: ${me.capabilities.join(', ')}`
                  : `${user?.email ?? ''} · may: ${me.capabilities.join(', ')}`
              }
            >
              <span className="sr-only">My account: </span>
              {me.name}
            </a>{' '}
            · <strong>{me.role}</strong>
          </span>
          {/* The MCP answer that asks a person to connect links to #/connections. */}
          <a href="#/connections" aria-current={active === 'connections' ? 'page' : undefined}>
            My connections
          </a>
          <button
            type="button"
            className="btn btn-small"
            onClick={async () => {
              setSignOutError(undefined);
              try {
                await auth.signOut();
              } catch (err) {
                setSignOutError(err);
              }
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        <ErrorNotice error={signOutError} />
        <Content route={route} />
      </main>
    </div>
  );
}
