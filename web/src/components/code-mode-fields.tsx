import { apiPage } from '../api/client.ts';
import type { Server, Tool } from '../api/types.ts';
import { CODE_LIMITS, type CodeForm, codeKey, isReadTool } from '../lib/code-mode.ts';
import { useLoad } from '../lib/use-load.ts';
import { Busy } from './busy.tsx';
import { CheckboxPicker, type PickerEntry, withChosen } from './checkbox-picker.tsx';
import { Choices } from './choices.tsx';
import { ErrorNotice } from './error-notice.tsx';
import { Field } from './field.tsx';

/** Pages of 100 read for the picker: 1,000 tools, as many as `write_tools` may hold. */
const MAX_PAGES = 10;

/** The server's tools that are not reads, and whether it has more tools than were read. */
async function loadWriteTools(serverUuid: string): Promise<{ tools: Tool[]; more: boolean }> {
  const tools: Tool[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const got = await apiPage<Tool>(`/servers/${serverUuid}/tools`, { page, per_page: 100 });
    tools.push(...got.items);
    if (page >= got.totalPages) return { tools: tools.filter((t) => !isReadTool(t)), more: false };
  }
  return { tools: tools.filter((t) => !isReadTool(t)), more: true };
}

const toolEntry = (t: Tool): PickerEntry => ({
  id: t.slug,
  name: t.name,
  detail: [t.http_method.toUpperCase(), t.slug, t.status === 'active' ? '' : t.status]
    .filter(Boolean)
    .join(' · '),
});

/**
 * The Code mode section of the server form (`settings.code`): which api calls a program may make
 * — reads only, reads and the ticked tools that write, or everything — and the limits of a run,
 * blank for the server's default (shown as the placeholder).
 */
export function CodeModeFields({
  value,
  onChange,
  errors,
  server,
}: {
  value: CodeForm;
  onChange(patch: Partial<CodeForm>): void;
  errors: Record<string, string>;
  /** The stored server; a new one has no tools to pick from yet. */
  server?: Server;
}) {
  const listed = value.code_writes === 'listed';
  const writes = useLoad(
    () => (listed && server ? loadWriteTools(server.uuid) : Promise.resolve(null)),
    [listed, server?.uuid],
  );
  const entries = withChosen(writes.data?.tools.map(toolEntry) ?? [], value.code_write_tools);

  return (
    <section aria-labelledby="code-mode-head" data-testid="code-mode">
      <h3 className="subhead" id="code-mode-head">
        Code mode
      </h3>
      <p className="muted small">
        Clients see four tools: search_tools and describe_tools answer TypeScript declarations, execute runs
        the model's program in a sandbox (each <code>api.tool(args)</code> an ordinary tool call, logged and
        checked by policies), call_tool calls one operation in the open.
      </p>
      <div className="grid">
        <div className="field field-wide">
          <span className="field-label">Programs may call</span>
          <Choices
            label="Programs may call"
            value={value.code_writes}
            onChange={(code_writes) => onChange({ code_writes })}
            choices={[
              {
                value: 'none',
                label: 'Reads only',
                hint: 'GET operations and tools marked read-only (the default); a write fails inside the program with an error that names call_tool',
              },
              {
                value: 'listed',
                label: 'Reads and these writes',
                hint: 'the tools that write ticked below, too',
              },
              { value: 'all', label: 'Everything', hint: 'every operation, deletes included' },
            ]}
          />
        </div>
      </div>
      {listed && (
        <>
          <ErrorNotice error={writes.error} />
          {writes.loading && !writes.data && server && <Busy />}
          {(writes.data || !server) && (
            <CheckboxPicker
              title="Writes programs may make"
              errorKey={codeKey('write_tools')}
              error={errors[codeKey('write_tools')]}
              entries={entries}
              chosen={value.code_write_tools}
              onChange={(code_write_tools) => onChange({ code_write_tools })}
              empty={
                server
                  ? 'None of this server’s tools writes: Reads only lets programs call every one.'
                  : 'A new server has no tools yet: save it, add its tools, then tick the writes here.'
              }
              note={writes.data?.more && 'Only the first 1,000 tools were read.'}
            />
          )}
        </>
      )}
      <h3 className="subhead">
        Limits of a run <span className="muted small">(blank: the default shown)</span>
      </h3>
      <div className="grid">
        {CODE_LIMITS.map((limit) => (
          <Field
            key={limit.key}
            label={limit.label}
            hint={`${limit.min.toLocaleString('en-US')}–${limit.max.toLocaleString('en-US')}`}
            name={codeKey(limit.key)}
            error={errors[codeKey(limit.key)]}
          >
            <input
              inputMode="numeric"
              placeholder={String(limit.default)}
              value={value.code_limits[limit.key]}
              onChange={(e) =>
                onChange({ code_limits: { ...value.code_limits, [limit.key]: e.target.value } })
              }
            />
          </Field>
        ))}
      </div>
    </section>
  );
}
