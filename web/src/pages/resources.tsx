import { type FormEvent, useState } from 'react';
import { api } from '../api/client.ts';
import type { Resource, Server } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { Confirm } from '../components/confirm.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { Field } from '../components/field.tsx';
import { useFormErrors } from '../lib/form-errors.ts';
import { useLoad } from '../lib/use-load.ts';

export function Resources({ server, onChanged }: { server: Server; onChanged(): void }) {
  const list = useLoad(
    () => api<Resource[]>('GET', `/servers/${server.uuid}/resources?per_page=100`),
    [server.uuid],
  );
  const [editing, setEditing] = useState<Resource | 'new' | null>(null);
  const [removing, setRemoving] = useState<Resource | null>(null);
  const [error, setError] = useState<unknown>();
  const changed = () => {
    setEditing(null);
    list.reload();
    onChanged();
  };
  return (
    <section aria-labelledby="resources-title">
      <div className="page-head">
        <h2 id="resources-title">Resources</h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          New resource
        </button>
      </div>
      <ErrorNotice error={list.error ?? error} />
      {list.loading && !list.data && <Busy />}
      {editing && (
        <ResourceForm
          server={server}
          resource={editing === 'new' ? undefined : editing}
          onDone={changed}
          onCancel={() => setEditing(null)}
        />
      )}
      {list.data?.length === 0 && !editing && (
        <p className="empty">No resources. A resource is addressable content clients can read.</p>
      )}
      {list.data && list.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">URI</th>
                <th scope="col">Name</th>
                <th scope="col">MIME type</th>
                <th scope="col">Source</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((r) => (
                <tr key={r.id}>
                  <td>
                    <code className="url">{r.template_uri ?? r.uri}</code>
                  </td>
                  <td>{r.name}</td>
                  <td>{r.mime_type}</td>
                  <td>{r.data_source_type}</td>
                  <td className="row-actions">
                    <button type="button" className="btn btn-small" onClick={() => setEditing(r)}>
                      Edit
                    </button>
                    <button type="button" className="btn btn-small btn-danger" onClick={() => setRemoving(r)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {removing && (
        <Confirm
          title={`Delete resource “${removing.name || removing.uri}”?`}
          confirmLabel="Delete"
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await api('DELETE', `/servers/${server.id}/resources/${removing.id}`);
              changed();
            } catch (e) {
              setError(e);
            }
            setRemoving(null);
          }}
        >
          <p>Clients reading {removing.uri} get “not found” from now on.</p>
        </Confirm>
      )}
    </section>
  );
}

function ResourceForm({
  server,
  resource,
  onDone,
  onCancel,
}: {
  server: Server;
  resource?: Resource;
  onDone(): void;
  onCancel(): void;
}) {
  const [uri, setUri] = useState(resource?.uri ?? '');
  const [name, setName] = useState(resource?.name ?? '');
  const [description, setDescription] = useState(resource?.description ?? '');
  const [mime, setMime] = useState(resource?.mime_type ?? 'text/plain');
  const [type, setType] = useState<string>(resource?.data_source_type ?? 'static');
  const [content, setContent] = useState(String(resource?.data_source_config?.content ?? ''));
  const [url, setUrl] = useState(String(resource?.data_source_config?.url ?? ''));
  const [templateUri, setTemplateUri] = useState(resource?.template_uri ?? '');
  const [busy, setBusy] = useState(false);
  const local: Record<string, string> = {};
  if (!uri.trim()) local.uri = 'required';
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(uri.trim()))
    local.uri = 'a URI with a scheme, e.g. file:///notes.txt';
  if (!name.trim()) local.name = 'required';
  if (!/^[\w.+-]+\/[\w.+-]+/.test(mime)) local.mime_type = 'a MIME type such as text/plain';
  if (type === 'http' && !/^https?:\/\/\S+$/.test(url)) local['data_source_config.url'] = 'an http(s) URL';
  const validation = useFormErrors(local);
  const { errors } = validation;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!validation.check()) return;
    setBusy(true);
    try {
      const body = {
        uri: uri.trim(),
        name: name.trim(),
        description,
        mime_type: mime.trim(),
        data_source_type: type,
        data_source_config: type === 'http' ? { url: url.trim() } : { content },
        template_uri: templateUri.trim() || null,
      };
      if (resource) await api('PATCH', `/servers/${server.id}/resources/${resource.id}`, body);
      else await api('POST', `/servers/${server.uuid}/resources`, body);
      onDone();
    } catch (e2) {
      validation.fail(e2);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="card form"
      onSubmit={submit}
      {...validation.formProps}
      aria-label={resource ? 'Edit resource' : 'New resource'}
    >
      <h3>{resource ? `Edit ${resource.name}` : 'New resource'}</h3>
      <ErrorSummary errors={errors} apiError={validation.apiError} />
      <ErrorNotice error={validation.apiError} fields={false} />
      <div className="grid">
        <Field label="URI *" name="uri" error={errors.uri}>
          <input className="mono" value={uri} onChange={(e) => setUri(e.target.value)} />
        </Field>
        <Field label="Name *" name="name" error={errors.name}>
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="MIME type" name="mime_type" error={errors.mime_type}>
          <input value={mime} onChange={(e) => setMime(e.target.value)} />
        </Field>
        <Field label="Source" name="data_source_type" error={errors.data_source_type}>
          <select value={type} onChange={(e) => setType(e.target.value)}>
            <option value="static">static (content below)</option>
            <option value="http">http (fetched at read time)</option>
          </select>
        </Field>
        <Field
          label="Template URI"
          hint="optional RFC 6570 template, e.g. docs://{id}"
          name="template_uri"
          error={errors.template_uri}
        >
          <input className="mono" value={templateUri} onChange={(e) => setTemplateUri(e.target.value)} />
        </Field>
        <Field label="Description" name="description" error={errors.description}>
          <input value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
      </div>
      {type === 'http' ? (
        <Field label="URL" name="data_source_config.url" error={errors['data_source_config.url']}>
          <input className="mono" value={url} onChange={(e) => setUrl(e.target.value)} />
        </Field>
      ) : (
        <Field label="Content" name="data_source_config" error={errors.data_source_config}>
          <textarea className="mono" rows={6} value={content} onChange={(e) => setContent(e.target.value)} />
        </Field>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save resource'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
