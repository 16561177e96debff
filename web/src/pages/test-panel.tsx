import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../api/client.ts';
import type { Server, TestResult, Tool } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { Checkbox, Field } from '../components/field.tsx';
import { useFormErrors } from '../lib/form-errors.ts';
import { pretty } from '../lib/format.ts';
import { argFields, buildArgs, initialArgs } from '../lib/schema-form.ts';

/**
 * Runs the tool live (POST …/test) with a form generated from its input schema, and shows the
 * outbound request (secrets masked by the API), the raw response, the MCP output and the timing.
 */
export function TestPanel({
  server,
  tool,
  onTested,
  autoRun = false,
}: {
  server: Server;
  tool: Tool;
  onTested(): void;
  /** Run once on mount when the generated form is already valid (after "Activate and test"). */
  autoRun?: boolean;
}) {
  const fields = useMemo(() => argFields(tool.input_schema), [tool.input_schema]);
  const [values, setValues] = useState(() => initialArgs(tool.input_schema));
  const [useTest, setUseTest] = useState(true);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TestResult>();
  const built = buildArgs(fields, values);
  const validation = useFormErrors(built.errors);
  const { errors } = validation;

  const panel = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (!autoRun) return;
    panel.current?.scrollIntoView({ block: 'start' });
    if (Object.keys(built.errors).length === 0) void run();
  }, []);

  const run = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!validation.check()) return;
    setBusy(true);
    setResult(undefined);
    try {
      setResult(
        await api<TestResult>('POST', `/servers/${server.uuid}/tools/${tool.uuid}/test`, {
          arguments: built.args,
          use_test_credentials: useTest,
        }),
      );
      onTested();
    } catch (e2) {
      validation.fail(e2);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="test-title" ref={panel}>
      <h2 id="test-title" tabIndex={-1}>
        Test
      </h2>
      <form onSubmit={run} {...validation.formProps} className="form" aria-label="Test arguments">
        <ErrorSummary errors={errors} apiError={validation.apiError} />
        {fields.length === 0 && <p className="muted">This tool takes no arguments.</p>}
        <div className="grid">
          {fields.map((f) => (
            <Field
              key={f.name}
              name={f.name}
              label={`${f.name}${f.required ? ' *' : ''} (${f.kind === 'enum' ? 'one of' : f.kind}${f.format ? `, ${f.format}` : ''})`}
              hint={f.description}
              error={errors[f.name]}
            >
              {f.kind === 'enum' ? (
                <select
                  value={values[f.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                >
                  <option value="">—</option>
                  {f.options?.map((o) => (
                    <option key={o}>{o}</option>
                  ))}
                </select>
              ) : f.kind === 'boolean' ? (
                <select
                  value={values[f.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                >
                  <option value="">—</option>
                  <option>true</option>
                  <option>false</option>
                </select>
              ) : f.kind === 'json' ? (
                <textarea
                  rows={3}
                  className="mono"
                  placeholder={f.placeholder}
                  value={values[f.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                />
              ) : (
                <input
                  inputMode={f.kind === 'integer' || f.kind === 'number' ? 'decimal' : undefined}
                  placeholder={f.placeholder}
                  value={values[f.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                />
              )}
            </Field>
          ))}
        </div>
        <Checkbox
          label="Use the server's test credentials"
          hint={
            useTest
              ? 'falls back to production credentials when none are set'
              : 'runs with production credentials, as MCP clients do'
          }
          checked={useTest}
          onChange={setUseTest}
        />
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy || tool.status !== 'active'}>
            {busy ? 'Running…' : 'Run test'}
          </button>
          {tool.status !== 'active' && <span className="muted">Only active tools can be tested.</span>}
        </div>
      </form>
      {busy && <Busy label="Calling the upstream…" />}
      <ErrorNotice error={validation.apiError} fields={false} />
      {result && <TestOutput result={result} />}
    </section>
  );
}

function TestOutput({ result }: { result: TestResult }) {
  const req = result.outbound_request;
  const res = result.raw_response;
  return (
    <div className="test-output" aria-live="polite">
      <p className={result.mcp_output.isError ? 'notice notice-error' : 'notice notice-ok'} role="status">
        {result.mcp_output.isError ? 'The call failed (isError: true)' : 'Success'} · {result.timing.total_ms}{' '}
        ms
        {res && ` · upstream ${res.status_code}`}
      </p>
      <div className="panes">
        <section aria-label="Outbound request">
          <h3>Outbound request</h3>
          {req ? (
            <pre className="code" data-testid="outbound-request">
              {`${req.method} ${req.url}\n${Object.entries(req.headers)
                .map(([k, v]) => `${k}: ${v}`)
                .join('\n')}${req.body ? `\n\n${pretty(req.body)}` : ''}`}
            </pre>
          ) : (
            <p className="muted">No request was sent.</p>
          )}
        </section>
        <section aria-label="Raw response">
          <h3>Raw response</h3>
          {res ? (
            <pre className="code">
              {`HTTP ${res.status_code}\n${Object.entries(res.headers)
                .map(([k, v]) => `${k}: ${v}`)
                .join('\n')}\n\n${pretty(res.body)}`}
            </pre>
          ) : (
            <p className="muted">No response (transport error).</p>
          )}
        </section>
        <section aria-label="MCP output">
          <h3>MCP output</h3>
          <pre className="code" data-testid="mcp-output">
            {result.mcp_output.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n')}
          </pre>
        </section>
      </div>
    </div>
  );
}
