import { type FormEvent, useState } from 'react';
import { api } from '../api/client.ts';
import type { CommitResponse, ParseResponse, Server, Tool } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { Field } from '../components/field.tsx';
import { preselect, selectionTokens, tokenBudgetOf } from '../lib/import-selection.ts';
import { type Manifest, manifestCandidates, readText } from '../lib/import-sources.ts';
import { href } from '../lib/router.ts';
import { CandidateTable } from './candidate-table.tsx';
import { DiscoveryNotice } from './discovery-notice.tsx';
import { HarSummary, isSummarised } from './har-summary.tsx';
import { ImportResult } from './import-result.tsx';
import { ImportSourceFields, type Kind, type Source } from './import-source-fields.tsx';

const KINDS: Array<[Kind, string]> = [
  ['curl', 'cURL command'],
  ['openapi', 'OpenAPI 3.x'],
  ['collection', 'Postman v2.1'],
  ['har', 'HAR (recorded traffic)'],
  ['manifest', 'Toolgate manifest'],
];

/** The two-phase import endpoint of each document kind. */
const PATHS: Partial<Record<Kind, string>> = {
  openapi: 'import-openapi',
  collection: 'import-collection',
  har: 'import-har',
};

/** cURL (paste), OpenAPI (file, URL, text), Postman (file), HAR (file, text) and manifest (file) imports. */
export function ImportWizard({ server, onImported }: { server: Server; onImported(): void }) {
  const [kind, setKind] = useState<Kind>('curl');
  const [source, setSource] = useState<Source>('file');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [fileName, setFileName] = useState('');
  const [busy, setBusy] = useState('');
  const [error, setError] = useState<unknown>();
  const [parsed, setParsed] = useState<ParseResponse & { manifest?: Manifest }>();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [overBudget, setOverBudget] = useState(false);
  const budget = tokenBudgetOf(server.settings);
  const [onConflict, setOnConflict] = useState('skip');
  const [importedStatus, setImportedStatus] = useState('draft');
  const [result, setResult] = useState<CommitResponse>();
  const [curlTool, setCurlTool] = useState<Tool>();
  /** HAR: the hosts the operator chose to import from (undefined: the API hosts the server picks). */
  const [hosts, setHosts] = useState<string[]>();

  const reset = (k: Kind = kind) => {
    setKind(k);
    setParsed(undefined);
    setResult(undefined);
    setCurlTool(undefined);
    setError(undefined);
    setText('');
    setFileName('');
    setHosts(undefined);
    setSource(k === 'openapi' ? 'file' : k === 'curl' ? 'text' : 'file');
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setText(await readText(file));
  };

  // Above the budget nothing is preselected: 417 operations would cost a client ~270k tokens a turn.
  const choose = (candidates: Parameters<typeof preselect>[0]) => {
    const start = preselect(candidates, budget);
    setSelected(start.selected);
    setOverBudget(start.overBudget);
  };

  const body = (chosenHosts = hosts) => ({
    ...(source === 'url' ? { source: 'url', url } : { source: 'text', content: text }),
    ...(kind === 'har' && chosenHosts ? { hosts: chosenHosts } : {}),
  });

  const parse = async (e: FormEvent) => {
    e.preventDefault();
    await read(hosts);
  };

  const read = async (chosenHosts: string[] | undefined) => {
    setError(undefined);
    setResult(undefined);
    setCurlTool(undefined);
    try {
      if (kind === 'curl') {
        setBusy('Importing the command…');
        const tool = await api<Tool>('POST', `/servers/${server.uuid}/tools/import-curl`, {
          curl_command: text,
        });
        setCurlTool(tool);
        onImported();
        return;
      }
      setBusy('Reading the document…');
      if (kind === 'manifest') {
        let manifest: Manifest;
        try {
          manifest = JSON.parse(text);
        } catch (err) {
          throw new Error(`The manifest is not JSON: ${(err as Error).message}`);
        }
        const candidates = manifestCandidates(manifest);
        setParsed({
          candidates,
          info: { title: String((manifest.server as { name?: string })?.name ?? fileName) },
          manifest,
        });
        choose(candidates);
        return;
      }
      const res = await api<ParseResponse>(
        'POST',
        `/servers/${server.uuid}/tools/${PATHS[kind]}`,
        body(chosenHosts),
      );
      setHosts(chosenHosts);
      setParsed(res);
      choose(res.candidates);
    } catch (err) {
      setError(err);
    } finally {
      setBusy('');
    }
  };

  const commit = async () => {
    if (!parsed) return;
    const ids = parsed.candidates.filter((c) => selected.has(c.temp_id)).map((c) => c.temp_id);
    setBusy(`Importing ${ids.length} tool(s)…`);
    setError(undefined);
    try {
      let res: CommitResponse;
      if (parsed.manifest) {
        const tools = (parsed.manifest.tools ?? []).filter((_, i) => selected.has(`tool_${i}`));
        res = await api<CommitResponse>('POST', `/servers/${server.uuid}/tools/import-svc`, {
          manifest: { ...parsed.manifest, tools },
          on_conflict: onConflict,
          imported_status: importedStatus,
        });
      } else {
        res = await api<CommitResponse>('POST', `/servers/${server.uuid}/tools/${PATHS[kind]}`, {
          ...(parsed._raw_spec !== undefined ? { source: 'text', content: parsed._raw_spec } : body()),
          commit: true,
          selected_temp_ids: ids,
          on_conflict: onConflict,
          imported_status: importedStatus,
        });
      }
      setResult(res);
      onImported();
    } catch (err) {
      setError(err);
    } finally {
      setBusy('');
    }
  };

  const canParse =
    kind === 'curl' || kind === 'manifest' || source !== 'url' ? text.trim() !== '' : url.trim() !== '';

  return (
    <section aria-labelledby="import-title">
      <h2 id="import-title">Import tools</h2>
      <div className="segmented" role="radiogroup" aria-label="What to import">
        {KINDS.map(([k, label]) => (
          <label key={k} className={kind === k ? 'on' : ''}>
            <input type="radio" name="import-kind" value={k} checked={kind === k} onChange={() => reset(k)} />
            {label}
          </label>
        ))}
      </div>

      {!result && !curlTool && (
        <form className="card form" onSubmit={parse} noValidate>
          <ImportSourceFields
            kind={kind}
            source={source}
            onSource={setSource}
            text={text}
            onText={setText}
            url={url}
            onUrl={setUrl}
            fileName={fileName}
            onFile={(file) => readFile(file).catch(setError)}
          />
          <ErrorNotice error={error} />
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={!canParse || !!busy}>
              {kind === 'curl' ? 'Import command' : 'Read candidates'}
            </button>
            {busy && <Busy label={busy} />}
          </div>
        </form>
      )}

      {curlTool && (
        <div className="card" role="status">
          <h3>Created “{curlTool.name}” as a draft</h3>
          <p className="muted small">
            A draft is not visible to MCP clients: open it to test and activate it.
          </p>
          <p>
            <span className="method">{curlTool.http_method}</span>{' '}
            <code className="url">{curlTool.endpoint_url}</code>
          </p>
          {curlTool._notice && <p className="notice notice-info">{curlTool._notice}</p>}
          {curlTool._warnings?.map((w) => (
            <p key={w} className="notice notice-warn">
              {w}
            </p>
          ))}
          <div className="actions">
            <a className="btn btn-primary" href={href('servers', server.uuid, 'tools', curlTool.uuid)}>
              Open the tool
            </a>
            <button type="button" className="btn" onClick={() => reset()}>
              Import another
            </button>
          </div>
        </div>
      )}

      {parsed && !result && (
        <div className="card">
          <h3>
            {parsed.info.title ?? 'Document'}{' '}
            {parsed.info.version && <span className="muted">v{parsed.info.version}</span>} ·{' '}
            {parsed.candidates.length} candidate(s)
          </h3>
          {kind === 'har' && (
            <HarSummary key={(hosts ?? []).join(' ')} parsed={parsed} busy={!!busy} onHosts={read} />
          )}
          {parsed.warnings
            ?.filter((w) => kind !== 'har' || !isSummarised(w))
            .map((w) => (
              <p key={w} className="notice notice-warn">
                {w}
              </p>
            ))}
          {parsed.security_schemes
            ?.filter((s) => s.note)
            .map((s) => (
              <p key={s.scheme} className="notice notice-warn">
                Security scheme <code>{s.scheme}</code> ({s.type}): {s.note}
              </p>
            ))}
          {parsed.auth_hint && (
            <p className="notice notice-info">
              The document asks for <strong>{parsed.auth_hint.type}</strong> authentication: the server's
              outbound auth type is set to it when it is still <code>none</code>. Add the credentials on the
              server's Settings tab.
            </p>
          )}
          {parsed.detected_credentials?.length ? (
            <p className="notice notice-info">
              Credentials found (
              {parsed.detected_credentials.map((c) => `${c.type} in ${c.source}`).join(', ')}) are saved as
              test credentials.
            </p>
          ) : null}
          {parsed.candidates.length === 0 ? (
            <p className="notice notice-warn">
              {kind === 'har'
                ? 'No API request was found in the recording.'
                : 'The document has no operations to import.'}
            </p>
          ) : (
            <>
              {overBudget && (
                <DiscoveryNotice
                  server={server}
                  tokens={selectionTokens(
                    parsed.candidates,
                    new Set(parsed.candidates.map((c) => c.temp_id)),
                  )}
                  budget={budget}
                  onChanged={onImported}
                />
              )}
              <CandidateTable candidates={parsed.candidates} selected={selected} onSelected={setSelected} />
              <div className="grid">
                <Field label="When a slug already exists">
                  <select value={onConflict} onChange={(e) => setOnConflict(e.target.value)}>
                    <option value="skip">skip the candidate</option>
                    <option value="duplicate">import with a suffixed slug (-2, -3…)</option>
                  </select>
                </Field>
                <Field label="Imported status">
                  <select value={importedStatus} onChange={(e) => setImportedStatus(e.target.value)}>
                    <option value="draft">draft (review, then activate)</option>
                    <option value="active">active (visible to MCP clients at once)</option>
                  </select>
                </Field>
              </div>
              <ErrorNotice error={error} />
              <div className="actions">
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={selected.size === 0 || !!busy}
                  onClick={commit}
                >
                  Import {selected.size} tool(s)
                </button>
                <button type="button" className="btn" onClick={() => reset()}>
                  Start over
                </button>
                {busy && <Busy label={busy} />}
              </div>
            </>
          )}
        </div>
      )}

      {result && (
        <ImportResult
          server={server}
          result={result}
          status={importedStatus}
          onAgain={() => reset()}
          onActivated={onImported}
        />
      )}
    </section>
  );
}
