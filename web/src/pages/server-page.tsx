import { type ReactNode, useState } from 'react';
import { api } from '../api/client.ts';
import type { Server } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { Confirm } from '../components/confirm.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { href, navigate } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';
import { ConnectPanel } from './connect-panel.tsx';
import { ImportWizard } from './import-wizard.tsx';
import { Prompts } from './prompts.tsx';
import { Resources } from './resources.tsx';
import { ServerConnections } from './server-connections.tsx';
import { ServerFormView } from './server-form.tsx';
import { Sources } from './sources.tsx';
import { ToolEditor } from './tool-editor.tsx';
import { Tools } from './tools.tsx';

const TABS = [
  ['tools', 'Tools'],
  ['import', 'Import'],
  ['sources', 'Sources'],
  ['prompts', 'Prompts'],
  ['resources', 'Resources'],
  ['connect', 'Connect'],
  ['connections', 'Connections'],
  ['settings', 'Settings'],
] as const;

/**
 * One server: tabs for its tools, imports, tracked sources, prompts, resources, connect panel,
 * settings and, for a server that acts with each person's own credential, who has connected.
 */
export function ServerPage({ uuid, rest }: { uuid: string; rest: string[] }) {
  const server = useLoad(() => api<Server>('GET', `/servers/${uuid}`), [uuid]);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const tab = rest[0] ?? 'tools';
  const s = server.data;

  if (server.error) return <ErrorNotice error={server.error} />;
  if (!s) return <Busy />;

  const remove = async () => {
    setBusy(true);
    try {
      await api('DELETE', `/servers/${s.uuid}`);
      navigate('/servers');
    } catch (e) {
      setDeleteError(e);
      setDeleting(false);
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (tab === 'tools' && rest[1])
    // Keyed by the tool: "New tool" after editing one starts from an empty form.
    body = <ToolEditor key={rest[1]} server={s} toolId={rest[1]} onChanged={server.reload} />;
  else if (tab === 'import') body = <ImportWizard server={s} onImported={server.reload} />;
  else if (tab === 'sources') body = <Sources server={s} rest={rest.slice(1)} />;
  else if (tab === 'prompts') body = <Prompts server={s} onChanged={server.reload} />;
  else if (tab === 'resources') body = <Resources server={s} onChanged={server.reload} />;
  else if (tab === 'connect') body = <ConnectPanel server={s} />;
  else if (tab === 'connections' && s.per_user_auth) body = <ServerConnections server={s} />;
  else if (tab === 'settings')
    body = (
      <>
        <div className="card">
          <ServerFormView server={s} onSaved={server.reload} />
        </div>
        <section className="danger-zone" aria-labelledby="danger">
          <h2 id="danger">Delete this server</h2>
          <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
            Delete server…
          </button>
          <ErrorNotice error={deleteError} />
        </section>
      </>
    );
  else body = <Tools server={s} onChanged={server.reload} />;

  return (
    <section>
      <nav aria-label="Breadcrumb" className="crumbs">
        <a href="#/servers">Servers</a> / <span>{s.name}</span>
      </nav>
      <div className="page-head">
        <h1>
          {s.name} <StatusBadge status={s.status} />
        </h1>
        <code className="url">{s.endpoint_url}</code>
      </div>
      <nav className="tabs" aria-label="Server sections">
        {TABS.filter(([id]) => id !== 'connections' || s.per_user_auth).map(([id, label]) => (
          <a key={id} href={href('servers', s.uuid, id)} aria-current={tab === id ? 'page' : undefined}>
            {label}
            {id === 'tools' && <span className="count">{s.tool_count}</span>}
            {id === 'prompts' && <span className="count">{s.prompt_count}</span>}
            {id === 'resources' && <span className="count">{s.resource_count}</span>}
          </a>
        ))}
      </nav>
      {body}
      {deleting && (
        <Confirm
          title={`Delete “${s.name}”?`}
          confirmLabel="Delete server"
          busy={busy}
          onCancel={() => setDeleting(false)}
          onConfirm={remove}
        >
          <p>
            This removes the server and everything that goes with it: its {s.tool_count} tool(s),{' '}
            {s.prompt_count} prompt(s), {s.resource_count} resource(s), its stored credentials and its MCP
            sessions. Clients using <code>{s.endpoint_url}</code> stop working. Call logs keep the names they
            recorded.
          </p>
        </Confirm>
      )}
    </section>
  );
}
