import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { api } from '../api/client.ts';
import type { Server, Tool } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { Checkbox, Field } from '../components/field.tsx';
import { LongRunningFields } from '../components/long-running-fields.tsx';
import { RowsEditor } from '../components/rows-editor.tsx';
import { useFormErrors } from '../lib/form-errors.ts';
import { formatDate } from '../lib/format.ts';
import {
  checkLongRunning,
  emptyLongRunning,
  executionPatch,
  type LongRunningForm,
  longRunningToForm,
} from '../lib/long-running.ts';
import { navigate } from '../lib/router.ts';
import {
  ANNOTATION_HINTS,
  checkInputSchema,
  emptyToolForm,
  HTTP_METHODS,
  MAPPING_TARGETS,
  RESPONSE_FORMATS,
  RISKS,
  TOOL_FIELDS,
  type ToolForm,
  toolBody,
  toolToForm,
  validateToolForm,
} from '../lib/tool-form.ts';
import { TestPanel } from './test-panel.tsx';

/** Create (`toolId` "new") or edit every field of a tool; an existing tool has its Test panel. */
export function ToolEditor({
  server,
  toolId,
  onChanged,
}: {
  server: Server;
  toolId: string;
  onChanged(): void;
}) {
  const isNew = toolId === 'new';
  const [tool, setTool] = useState<Tool>();
  const [form, setForm] = useState<ToolForm>(emptyToolForm);
  const [longRunning, setLongRunning] = useState<LongRunningForm>(emptyLongRunning);
  const [loadError, setLoadError] = useState<unknown>();
  const [busy, setBusy] = useState('');
  const [saved, setSaved] = useState('');
  // "Activate and test" runs the test as soon as the tool is active.
  const [autoTest, setAutoTest] = useState(false);

  useEffect(() => {
    if (isNew) return;
    api<Tool>('GET', `/servers/${server.uuid}/tools/${toolId}`).then((t) => {
      setTool(t);
      setForm(toolToForm(t));
      setLongRunning(longRunningToForm(t.execution));
    }, setLoadError);
  }, [server.uuid, toolId, isNew]);

  const validation = useFormErrors({ ...validateToolForm(form), ...checkLongRunning(longRunning) });
  const { errors } = validation;
  const schemaCheck = useMemo(() => checkInputSchema(form.input_schema), [form.input_schema]);
  const inputs = Object.keys(schemaCheck.schema?.properties ?? {});
  const set = (patch: Partial<ToolForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setSaved('');
  };
  const setLong = (patch: Partial<LongRunningForm>) => {
    setLongRunning((f) => ({ ...f, ...patch }));
    setSaved('');
  };

  const save = async (patch?: Record<string, unknown>) => {
    setSaved('');
    if (!patch && !validation.check()) return;
    setBusy(patch ? 'Activating…' : 'Saving…');
    try {
      // `execution` goes only when the section changed it (a PATCH leaves it as stored otherwise).
      const body = patch ?? { ...toolBody(form), ...executionPatch(longRunning, tool?.execution) };
      const result = isNew
        ? await api<Tool>('POST', `/servers/${server.uuid}/tools`, body)
        : await api<Tool>('PATCH', `/servers/${server.uuid}/tools/${toolId}`, body);
      setTool(result);
      setForm(toolToForm(result));
      setLongRunning(longRunningToForm(result.execution));
      setSaved(patch ? 'Activated.' : 'Saved.');
      setAutoTest(Boolean(patch));
      validation.reset();
      onChanged();
      if (isNew) navigate(`/servers/${server.uuid}/tools/${result.uuid}`);
    } catch (e) {
      validation.fail(e);
    } finally {
      setBusy('');
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

  if (loadError) return <ErrorNotice error={loadError} />;
  if (!isNew && !tool) return <Busy />;

  return (
    <div className="editor">
      <nav aria-label="Breadcrumb" className="crumbs">
        <a href={`#/servers/${server.uuid}/tools`}>Tools</a> / <span>{isNew ? 'New tool' : tool?.name}</span>
      </nav>
      {tool && (
        // On a narrow screen the Test panel comes after the whole form: this jumps to it.
        <button type="button" className="btn btn-small narrow-only" onClick={revealTestPanel}>
          Go to Test panel
        </button>
      )}
      {tool?.status === 'draft' && (
        <div className="notice notice-info">
          <span>This tool is a draft: MCP clients do not see it and it cannot be tested yet.</span>{' '}
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => save({ status: 'active' })}
            disabled={!!busy}
          >
            Activate and test
          </button>
        </div>
      )}
      <div className="editor-columns">
        <form className="form card" onSubmit={submit} {...validation.formProps} aria-label="Tool">
          <h2>{isNew ? 'New tool' : 'Tool'}</h2>
          <ErrorSummary errors={errors} apiError={validation.apiError} />
          <ErrorNotice error={validation.apiError} fields={false} />
          <fieldset>
            <legend>Identity</legend>
            <div className="grid">
              <Field label="Name *" name="name" error={errors.name}>
                <input value={form.name} onChange={(e) => set({ name: e.target.value })} />
              </Field>
              <Field
                label="Slug"
                hint="the MCP tool name; derived from the name when empty"
                name="slug"
                error={errors.slug}
              >
                <input value={form.slug} onChange={(e) => set({ slug: e.target.value })} />
              </Field>
              <Field label="Status" name="status" error={errors.status}>
                <select value={form.status} onChange={(e) => set({ status: e.target.value })}>
                  <option>active</option>
                  <option>draft</option>
                  <option>inactive</option>
                </select>
              </Field>
              <Field label="Tags" hint="comma-separated" name="tags" error={errors.tags}>
                <input value={form.tags} onChange={(e) => set({ tags: e.target.value })} />
              </Field>
              <Field
                label="Description"
                hint="what the model reads to decide when to call the tool"
                wide
                name="description"
                error={errors.description}
              >
                <textarea
                  rows={3}
                  value={form.description}
                  onChange={(e) => set({ description: e.target.value })}
                />
              </Field>
            </div>
          </fieldset>
          <fieldset>
            <legend>Request</legend>
            <div className="grid">
              <Field label="Method" name="http_method" error={errors.http_method}>
                <select value={form.http_method} onChange={(e) => set({ http_method: e.target.value })}>
                  {HTTP_METHODS.map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </select>
              </Field>
              <Field
                label="Endpoint URL *"
                hint="{{input}} placeholders are filled from arguments"
                wide
                name="endpoint_url"
                error={errors.endpoint_url}
              >
                <input
                  className="mono"
                  value={form.endpoint_url}
                  onChange={(e) => set({ endpoint_url: e.target.value })}
                />
              </Field>
            </div>
            <Field
              label="Input schema (JSON Schema, type object)"
              hint={
                schemaCheck.error
                  ? undefined
                  : `valid · ${inputs.length} input(s): ${inputs.join(', ') || 'none'}`
              }
              name="input_schema"
              error={schemaCheck.error ?? errors.input_schema}
            >
              <textarea
                className="mono"
                rows={10}
                spellCheck={false}
                value={form.input_schema}
                onChange={(e) => set({ input_schema: e.target.value })}
              />
            </Field>
            <RowsEditor
              caption="Parameter mapping (unmapped inputs go to the query for GET/HEAD/DELETE, else the JSON body)"
              columns={[
                { key: 'a', label: 'Input' },
                { key: 'b', label: 'Target', options: MAPPING_TARGETS },
                { key: 'c', label: 'Key' },
              ]}
              rows={form.mapping}
              onChange={(mapping) => set({ mapping })}
              errors={errors}
              errorPrefix="parameter_mapping"
              addLabel="Add mapping"
              suggestions={inputs}
            />
            <RowsEditor
              caption="Headers sent upstream (credentials belong on the server)"
              columns={[
                { key: 'a', label: 'Header' },
                { key: 'b', label: 'Value' },
              ]}
              rows={form.headers}
              onChange={(headers) => set({ headers })}
              errors={errors}
              errorPrefix="headers"
              addLabel="Add header"
            />
            <Field
              label="Body template"
              hint='optional; {{input}} placeholders ("{{n}}" in JSON becomes the value)'
              name="body_template"
              error={errors.body_template}
            >
              <textarea
                className="mono"
                rows={3}
                value={form.body_template}
                onChange={(e) => set({ body_template: e.target.value })}
              />
            </Field>
          </fieldset>
          <fieldset>
            <legend>Response mapping</legend>
            <div className="grid">
              <Field
                label="Selector"
                hint="JSONPath, e.g. $.data.items[*].name; empty = whole body"
                name="selector"
                error={errors.selector}
              >
                <input
                  className="mono"
                  value={form.selector}
                  onChange={(e) => set({ selector: e.target.value })}
                />
              </Field>
              <Field label="Format" name="format" error={errors.format}>
                <select value={form.format} onChange={(e) => set({ format: e.target.value })}>
                  {RESPONSE_FORMATS.map((f) => (
                    <option key={f}>{f}</option>
                  ))}
                </select>
              </Field>
              <Field
                label="Template"
                hint="{{field}} placeholders; used by the template format"
                wide
                name="template"
                error={errors.template}
              >
                <textarea
                  className="mono"
                  rows={2}
                  value={form.template}
                  onChange={(e) => set({ template: e.target.value })}
                />
              </Field>
              <Field
                label="Fields to keep"
                hint="one JSONPath per line, e.g. $.id or $.data[*].name: the answer keeps only these parts, in its own shape (the outputSchema served to clients is cut down the same way); empty = everything"
                wide
                name={errors['response_mapping.fields'] ? 'response_mapping.fields' : 'fields'}
                error={errors.fields ?? errors['response_mapping.fields']}
              >
                <textarea
                  className="mono"
                  rows={3}
                  spellCheck={false}
                  value={form.fields}
                  onChange={(e) => set({ fields: e.target.value })}
                />
              </Field>
              <Field
                label="Max output tokens"
                hint={`estimated tokens a result may take: a longer list keeps its first items and tells the model how to page further${form.pagination?.param ? ` (with ${form.pagination.param})` : ''}, longer text is cut at a line; 0 = no limit; empty = the server's setting (default 10,000)`}
                name="max_output_tokens"
                error={errors.max_output_tokens}
              >
                <input
                  inputMode="numeric"
                  placeholder="server default"
                  value={form.max_output_tokens}
                  onChange={(e) => set({ max_output_tokens: e.target.value })}
                />
              </Field>
            </div>
          </fieldset>
          <fieldset>
            <legend>MCP listing</legend>
            <Field
              label="Output schema (optional JSON Schema, type object)"
              hint="when set, results also carry structuredContent"
              name="output_schema"
              error={errors.output_schema}
            >
              <textarea
                className="mono"
                rows={4}
                spellCheck={false}
                value={form.output_schema}
                onChange={(e) => set({ output_schema: e.target.value })}
              />
            </Field>
            <div className="grid">
              <Field
                label="Annotation title"
                hint="a display title for clients"
                name="annotations"
                error={errors.annotations}
              >
                <input
                  value={form.annotation_title}
                  onChange={(e) => set({ annotation_title: e.target.value })}
                />
              </Field>
              {ANNOTATION_HINTS.map(([key, label]) => (
                <Checkbox
                  key={key}
                  label={label}
                  checked={form.hints[key] === true}
                  onChange={(on) => set({ hints: { ...form.hints, [key]: on } })}
                />
              ))}
              <Field
                label="Risk"
                hint="what policies see as resource.risk (the starter policy asks the caller before a destructive call); derived: destructive hint → destructive, read-only hint → read, else GET → read, DELETE → destructive, other methods → write"
                name="risk"
                error={errors.risk}
              >
                <select value={form.risk} onChange={(e) => set({ risk: e.target.value })}>
                  <option value="">derived</option>
                  {RISKS.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
              </Field>
            </div>
          </fieldset>
          <fieldset>
            <legend>Execution</legend>
            <div className="grid">
              {TOOL_FIELDS.map((f) => (
                <Field key={f.name} name={f.name} label={f.label} hint={f.hint} error={errors[f.name]}>
                  {f.kind === 'select' ? (
                    <select
                      value={form.scalars[f.name]}
                      onChange={(e) => set({ scalars: { ...form.scalars, [f.name]: e.target.value } })}
                    >
                      {f.options?.map((o) => (
                        <option key={o}>{o}</option>
                      ))}
                    </select>
                  ) : (
                    <input
                      inputMode="numeric"
                      value={form.scalars[f.name] ?? ''}
                      onChange={(e) => set({ scalars: { ...form.scalars, [f.name]: e.target.value } })}
                    />
                  )}
                </Field>
              ))}
            </div>
          </fieldset>
          <LongRunningFields value={longRunning} onChange={setLong} errors={errors} />
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={!!busy}>
              {busy || (isNew ? 'Create tool' : 'Save tool')}
            </button>
            {saved && (
              <span role="status" className="ok">
                {saved}
              </span>
            )}
            {tool && <span className="muted small">Last tested {formatDate(tool.last_tested_at)}</span>}
          </div>
        </form>
        {tool && (
          <TestPanel
            key={tool.updated_at}
            server={server}
            tool={tool}
            autoRun={autoTest}
            onTested={() => undefined}
          />
        )}
      </div>
    </div>
  );
}

/** Scrolls to the Test panel and moves focus to its heading. */
function revealTestPanel(): void {
  const heading = document.getElementById('test-title');
  heading?.scrollIntoView?.({ block: 'start' });
  heading?.focus({ preventScroll: true });
}
