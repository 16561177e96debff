import { Field } from '../components/field.tsx';

export type Kind = 'curl' | 'openapi' | 'collection' | 'har' | 'manifest';
export type Source = 'file' | 'url' | 'text';

/** Where each kind may come from, when it has a choice. */
const SOURCES: Partial<Record<Kind, Source[]>> = { openapi: ['file', 'url', 'text'], har: ['file', 'text'] };

const FILES: Record<Exclude<Kind, 'curl'>, { label: string; accept: string; hint?: string }> = {
  openapi: {
    label: 'OpenAPI file (JSON or YAML)',
    accept: '.json,.yaml,.yml,application/json,application/yaml',
  },
  collection: { label: 'Postman collection (v2.1 JSON)', accept: '.json,application/json' },
  har: {
    label: 'HAR file (DevTools "Save all as HAR", a proxy export)',
    accept: '.har,.json,application/json',
    hint: "at most 10 MB; credentials found go to the server's test credentials, cookies are dropped",
  },
  manifest: { label: 'Manifest (svc/tools-v1 JSON)', accept: '.json,application/json' },
};

const PASTE_LABELS: Partial<Record<Kind, string>> = {
  openapi: 'OpenAPI document (JSON or YAML)',
  har: 'HAR (JSON)',
};

/** The import form's inputs for one kind: its source choice, then a command, file, URL or pasted text. */
export function ImportSourceFields({
  kind,
  source,
  onSource,
  text,
  onText,
  url,
  onUrl,
  fileName,
  onFile,
}: {
  kind: Kind;
  source: Source;
  onSource(s: Source): void;
  text: string;
  onText(text: string): void;
  url: string;
  onUrl(url: string): void;
  fileName: string;
  onFile(file: File | undefined): void;
}) {
  const sources = SOURCES[kind];
  const paste = PASTE_LABELS[kind];
  return (
    <>
      {sources && (
        <div
          className="segmented small"
          role="radiogroup"
          aria-label={kind === 'har' ? 'HAR source' : 'OpenAPI source'}
        >
          {sources.map((s) => (
            <label key={s} className={source === s ? 'on' : ''}>
              <input
                type="radio"
                name="import-source"
                value={s}
                checked={source === s}
                onChange={() => onSource(s)}
              />
              {s === 'file' ? 'File' : s === 'url' ? 'URL' : 'Paste'}
            </label>
          ))}
        </div>
      )}
      {kind === 'curl' && (
        <Field
          label="cURL command"
          hint="Credentials in it are saved as the server's test credentials, never in the tool."
        >
          <textarea
            className="mono"
            rows={6}
            spellCheck={false}
            value={text}
            onChange={(e) => onText(e.target.value)}
            placeholder="curl https://api.example.com/v1/items?limit=10 -H 'Authorization: Bearer …'"
          />
        </Field>
      )}
      {kind !== 'curl' && source === 'file' && (
        <Field
          label={FILES[kind].label}
          hint={
            fileName
              ? `${fileName} · ${(text.length / 1024).toFixed(1)} KB`
              : (FILES[kind].hint ?? 'at most 10 MB')
          }
        >
          <input type="file" accept={FILES[kind].accept} onChange={(e) => onFile(e.target.files?.[0])} />
        </Field>
      )}
      {kind === 'openapi' && source === 'url' && (
        <Field label="Document URL" hint="public http(s) URL; up to 3 redirects, 10 s, 10 MB">
          <input type="url" className="mono" value={url} onChange={(e) => onUrl(e.target.value)} />
        </Field>
      )}
      {paste && source === 'text' && (
        <Field label={paste}>
          <textarea
            className="mono"
            rows={10}
            spellCheck={false}
            value={text}
            onChange={(e) => onText(e.target.value)}
          />
        </Field>
      )}
    </>
  );
}
