import { type FormEvent, useState } from 'react';
import { api } from '../api/client.ts';
import type { Prompt, Server } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { Confirm } from '../components/confirm.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { Field } from '../components/field.tsx';
import { ERROR_KEY_ATTR, useFormErrors } from '../lib/form-errors.ts';
import { type PromptArgument, renderTemplate, validatePrompt } from '../lib/prompt-form.ts';
import { useLoad } from '../lib/use-load.ts';

/** Prompts of a server (the prompt endpoints take numeric ids). */
export function Prompts({ server, onChanged }: { server: Server; onChanged(): void }) {
  const list = useLoad(() => api<Prompt[]>('GET', `/servers/${server.id}/prompts?per_page=100`), [server.id]);
  const [editing, setEditing] = useState<Prompt | 'new' | null>(null);
  const [removing, setRemoving] = useState<Prompt | null>(null);
  const [error, setError] = useState<unknown>();
  const changed = () => {
    setEditing(null);
    list.reload();
    onChanged();
  };

  return (
    <section aria-labelledby="prompts-title">
      <div className="page-head">
        <h2 id="prompts-title">Prompts</h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          New prompt
        </button>
      </div>
      <ErrorNotice error={list.error ?? error} />
      {list.loading && !list.data && <Busy />}
      {editing && (
        <PromptForm
          server={server}
          prompt={editing === 'new' ? undefined : editing}
          onDone={changed}
          onCancel={() => setEditing(null)}
        />
      )}
      {list.data?.length === 0 && !editing && (
        <p className="empty">No prompts. A prompt is a reusable message template with arguments.</p>
      )}
      {list.data && list.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Arguments</th>
                <th scope="col">Description</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <tr key={p.id}>
                  <td>
                    <code>{p.name}</code>
                  </td>
                  <td>{p.arguments.map((a) => `${a.name}${a.required ? '*' : ''}`).join(', ') || '—'}</td>
                  <td>{p.description}</td>
                  <td className="row-actions">
                    <button type="button" className="btn btn-small" onClick={() => setEditing(p)}>
                      Edit
                    </button>
                    <button type="button" className="btn btn-small btn-danger" onClick={() => setRemoving(p)}>
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
          title={`Delete prompt “${removing.name}”?`}
          confirmLabel="Delete"
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await api('DELETE', `/servers/${server.id}/prompts/${removing.id}`);
              changed();
            } catch (e) {
              setError(e);
            }
            setRemoving(null);
          }}
        >
          <p>MCP clients stop seeing it in prompts/list.</p>
        </Confirm>
      )}
    </section>
  );
}

function PromptForm({
  server,
  prompt,
  onDone,
  onCancel,
}: {
  server: Server;
  prompt?: Prompt;
  onDone(): void;
  onCancel(): void;
}) {
  const [name, setName] = useState(prompt?.name ?? '');
  const [description, setDescription] = useState(prompt?.description ?? '');
  const [args, setArgs] = useState<PromptArgument[]>(prompt?.arguments ?? []);
  const [template, setTemplate] = useState(prompt?.template_content ?? '');
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const local = validatePrompt({ name, template_content: template, arguments: args });
  const validation = useFormErrors(local);
  const { errors } = validation;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!validation.check()) return;
    setBusy(true);
    try {
      const body = { name: name.trim(), description, arguments: args, template_content: template };
      if (prompt) await api('PATCH', `/servers/${server.id}/prompts/${prompt.id}`, body);
      else await api('POST', `/servers/${server.id}/prompts`, body);
      onDone();
    } catch (e2) {
      validation.fail(e2);
    } finally {
      setBusy(false);
    }
  };
  const updateArg = (i: number, patch: Partial<PromptArgument>) =>
    setArgs(args.map((a, j) => (j === i ? { ...a, ...patch } : a)));

  return (
    <form
      className="card form"
      onSubmit={submit}
      {...validation.formProps}
      aria-label={prompt ? 'Edit prompt' : 'New prompt'}
    >
      <h3>{prompt ? `Edit ${prompt.name}` : 'New prompt'}</h3>
      <ErrorSummary errors={errors} apiError={validation.apiError} />
      <ErrorNotice error={validation.apiError} fields={false} />
      <div className="grid">
        <Field label="Name *" name="name" error={errors.name}>
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Description" name="description" error={errors.description}>
          <input value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
      </div>
      <div className="rows-editor">
        <table>
          <caption>Arguments</caption>
          <tbody>
            {args.map((a, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity
              <tr key={i}>
                <td>
                  <input
                    aria-label={`Argument ${i + 1} name`}
                    {...{ [ERROR_KEY_ATTR]: `arguments.${i}` }}
                    aria-invalid={errors[`arguments.${i}`] ? true : undefined}
                    aria-describedby={errors[`arguments.${i}`] ? `prompt-argument-${i}-error` : undefined}
                    value={a.name}
                    onChange={(e) => updateArg(i, { name: e.target.value })}
                  />
                  {errors[`arguments.${i}`] && (
                    <small className="field-error" id={`prompt-argument-${i}-error`}>
                      {errors[`arguments.${i}`]}
                    </small>
                  )}
                </td>
                <td>
                  <input
                    aria-label={`Argument ${i + 1} description`}
                    value={a.description}
                    placeholder="description"
                    onChange={(e) => updateArg(i, { description: e.target.value })}
                  />
                </td>
                <td>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={a.required}
                      onChange={(e) => updateArg(i, { required: e.target.checked })}
                    />{' '}
                    required
                  </label>
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-small"
                    aria-label={`Remove argument ${i + 1}`}
                    onClick={() => setArgs(args.filter((_, j) => j !== i))}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => setArgs([...args, { name: '', description: '', required: false }])}
      >
        Add argument
      </button>
      <div className="grid two">
        <Field
          label="Template"
          hint="{{argument}} placeholders"
          name="template_content"
          error={errors.template_content}
        >
          <textarea
            className="mono"
            rows={8}
            value={template}
            onChange={(e) => setTemplate(e.target.value)}
          />
        </Field>
        <div>
          <p className="field-label">Preview with sample arguments</p>
          {args
            .filter((a) => a.name)
            .map((a) => (
              <label key={a.name} className="field inline">
                <span className="field-label">{a.name}</span>
                <input
                  value={samples[a.name] ?? ''}
                  onChange={(e) => setSamples({ ...samples, [a.name]: e.target.value })}
                />
              </label>
            ))}
          <pre className="code">{renderTemplate(template, samples)}</pre>
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save prompt'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
