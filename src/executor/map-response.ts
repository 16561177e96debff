import type { ResponseMapping } from '../store/tools.repo.ts';
import { cutList, cutText, describeListCut, findList, overBudget } from './fit-output.ts';
import { isScalar, type ParsedJson, parseJsonLossless, plainJson, writeJson } from './lossless-json.ts';
import { mapMultipart } from './map-multipart.ts';
import { prettyJsonText } from './pretty-json.ts';
import { projectFields } from './project-fields.ts';
import { renderMarkdown } from './render-markdown.ts';
import { renderTemplate } from './render-template.ts';
import { BodyText, isTextType, typeOf } from './request-view.ts';
import { select } from './select-path.ts';
import type { UpstreamResponse } from './send.ts';
import type { ContentBlock, ExecutableTool, ToolResult } from './types.ts';

export interface MappedResult {
  result: ToolResult;
  /** Set when a 2xx answer could not be mapped as the tool says (selector, output_schema). */
  invalid?: string;
}

export interface MapOptions {
  maxOutputBytes: number;
  /** Checks a value against the tool's output_schema; returns a reason or null. */
  checkOutput: (value: Record<string, unknown>) => string | null;
  /** The body's UTF-8 text, decoded on first use and shared with the caller's raw view. */
  text?: BodyText;
  /** The body already decoded as UTF-8 (callers without a BodyText). */
  bodyText?: string;
  /** Estimated tokens a result may take (fit-output.ts); 0 or absent = no token limit. */
  maxOutputTokens?: number;
  /** The call's arguments (validated): the paging note counts on from them (offset, page). */
  args?: Record<string, unknown>;
}

/** Bytes set aside for the note after a cut list. */
const NOTE_RESERVE = 600;

/**
 * Turns an upstream answer into MCP content:
 * - non-2xx: an error result naming the status, with the body (pretty when JSON);
 * - `image/*`, `audio/*`: image/audio content, base64; other binary types: an embedded resource
 *   blob;
 * - `multipart/mixed`: part by part (map-multipart.ts), for mixed content in one answer;
 * - JSON: `selector` (JSONPath) picks a part, then `format` renders it: `json` (pretty JSON, the
 *   default), `text` (strings as-is, scalar arrays one per line, else compact JSON), `markdown`
 *   (render-markdown.ts) or `template` (render-template.ts). Non-JSON text is passed through;
 *   a template sees it as `{{body}}`.
 * - A tool with `output_schema` also gets `structuredContent`: the selected value when it is an
 *   object, or `{ result: value }` when the schema declares a `result` property (the only way
 *   a non-object can conform); the text is then that object's JSON, as MCP recommends.
 * - `fields` (JSONPath list) projects a JSON answer to those parts, keeping its shape;
 * - over `maxOutputTokens`, a list keeps its first items with a note on paging further, other
 *   text is cut at a line (fit-output.ts); with `structuredContent` the value is the cut one
 *   (still valid: fewer items) and the note is a second text block.
 * Text over `maxOutputBytes` is cut with a notice saying how much was cut.
 */
export function mapResponse(tool: ExecutableTool, res: UpstreamResponse, opts: MapOptions): MappedResult {
  const contentType = typeOf(res.headers['content-type'] ?? '').toLowerCase();
  const ok = res.status >= 200 && res.status <= 299;
  const max = opts.maxOutputBytes;
  const budget = opts.maxOutputTokens ?? 0;

  if (res.truncated) {
    // The body was larger than the read limit: the start of it, as text, and what was cut.
    const start = isTextType(contentType) ? (opts.text?.get() ?? opts.bodyText ?? textStart(res.body)) : '';
    const { limit, total } = res.truncated;
    const size = total === undefined ? `more than ${limit}` : String(total);
    const notice = `[Upstream body truncated: it is ${size} bytes; only the first ${res.body.length} bytes were read (read limit ${limit} bytes).]`;
    const text = `${ok ? '' : `Upstream answered HTTP ${res.status}\n\n`}${start ? `${truncate(start, max)}\n\n` : ''}${notice}`;
    return { result: { content: [{ type: 'text', text }], isError: !ok } };
  }

  if (ok && (contentType.startsWith('image/') || contentType.startsWith('audio/'))) {
    const type = contentType.startsWith('image/') ? 'image' : 'audio';
    const block: ContentBlock = { type, data: res.body.toString('base64'), mimeType: contentType };
    return { result: { content: [block], isError: false } };
  }
  if (ok && contentType === 'multipart/mixed') {
    const blocks = mapMultipart(
      res.body,
      res.headers['content-type'] ?? '',
      tool.endpoint_url,
      isTextType,
      (t) => truncate(t, opts.maxOutputBytes),
    );
    if (blocks) return { result: { content: blocks, isError: false } };
  }
  if (ok && !isTextType(contentType)) {
    return {
      result: {
        content: [
          {
            type: 'resource',
            resource: { uri: tool.endpoint_url, mimeType: contentType, blob: res.body.toString('base64') },
          },
        ],
        isError: false,
      },
    };
  }

  const decoded = opts.text ?? new BodyText(res.body, opts.bodyText);
  // A JSON content type is known without the text; only other types look at how it starts.
  const looksJson = /json\b/.test(contentType) || /^\s*[[{]/.test(decoded.get());
  if (!ok) {
    const detail = looksJson ? (prettyJsonText(res.body) ?? prettyOrRaw(decoded.get())) : decoded.get();
    const text = `Upstream answered HTTP ${res.status}${detail ? `\n\n${detail}` : ''}`;
    return textResult(cutText(text, budget), true, max);
  }

  const mapping: ResponseMapping = tool.response_mapping ?? {};
  const hint = mapping.pagination;
  const selector = mapping.selector?.trim() ?? '';
  const selects = selector !== '' && selector !== '$';
  if (looksJson && !selects && !mapping.fields?.length && !tool.output_schema && rendersJson(mapping)) {
    // The default answer, pretty JSON of the whole body, without building the value when one
    // pass over the body gives the same string (pretty-json.ts). Over budget, the list cut
    // below needs the value.
    const pretty = prettyJsonText(res.body);
    if (pretty !== undefined && !overBudget(pretty, budget)) return textResult(pretty, false, max);
  }
  const bodyText = decoded.get();
  const json = looksJson ? parseJsonBody(bodyText) : NOT_JSON;
  const fields = json.ok && mapping.fields?.length ? mapping.fields : undefined;
  // Text with no selector is the body itself, byte for byte (formatting and big numbers kept).
  if (mapping.format === 'text' && !selects && !fields && !tool.output_schema)
    return textResult(cutText(bodyText, budget, hint), false, max);
  let selected: unknown = json.ok ? json.value : bodyText;
  if (json.ok && selects) {
    try {
      selected = selectValue(json, selector);
    } catch (err) {
      const reason = `selector ${mapping.selector} is not valid JSONPath: ${(err as Error).message}`;
      return { ...textResult(reason, true, max), invalid: reason };
    }
  }
  if (fields) selected = projectFields(selected, fields);

  if (tool.output_schema) {
    const schema = tool.output_schema as { properties?: Record<string, unknown> };
    if (json.ok && json.lossless) selected = plainJson(selected, false);
    let structured =
      json.ok && isPlainObject(selected)
        ? selected
        : json.ok && schema.properties && 'result' in schema.properties
          ? { result: selected }
          : undefined;
    let text = structured ? JSON.stringify(structured, null, 2) : '';
    let note: string | undefined;
    if (structured && overBudget(text, budget)) {
      // The structured value is the cut one (fewer items: still valid); the note goes beside it.
      const slot = findList(structured);
      const cut = slot && cutList(structured, slot, prettyJson, budget, 0, prettyBytes);
      if (slot && cut) {
        structured = cut.value as Record<string, unknown>;
        text = cut.text;
        note = describeListCut(cut, slot, budget, hint, opts.args);
      } else text = cutText(text, budget, hint);
    }
    const problem = structured
      ? opts.checkOutput(structured)
      : 'the upstream answer is not a JSON object, so it cannot match output_schema';
    if (problem || !structured) {
      const reason = `Upstream answer does not conform to output_schema: ${problem}`;
      return { ...textResult(cutText(`${reason}\n\n${bodyText}`, budget), true, max), invalid: reason };
    }
    const content: ContentBlock[] = [{ type: 'text', text: truncate(text, opts.maxOutputBytes) }];
    if (note) content.push({ type: 'text', text: note });
    return { result: { content, structuredContent: structured, isError: false } };
  }

  if (!json.ok) {
    if (mapping.format === 'template' && mapping.template)
      return textResult(
        cutText(renderTemplate(mapping.template, { body: bodyText }), budget, hint),
        false,
        max,
      );
    return textResult(cutText(bodyText, budget, hint), false, max);
  }
  const lossless = json.lossless;
  const render = (value: unknown) => renderAs(mapping, value, lossless);
  const text = render(selected);
  if (!overBudget(text, budget)) return textResult(text, false, max);
  const slot = findList(selected);
  const itemBytes = (item: unknown) => Buffer.byteLength(writeJson(item, lossless, 2));
  const cut = slot && cutList(selected, slot, render, budget, NOTE_RESERVE, itemBytes);
  if (!slot || !cut) return textResult(cutText(text, budget, hint), false, max);
  return textResult(`${cut.text}\n\n${describeListCut(cut, slot, budget, hint, opts.args)}`, false, max);
}

const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);
const prettyBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value, null, 2) ?? '');

/** A selected JSON value in the tool's format. */
function renderAs(mapping: ResponseMapping, selected: unknown, lossless: boolean): string {
  switch (mapping.format) {
    case 'text':
      return asText(selected, lossless);
    case 'markdown':
      return renderMarkdown(lossless ? plainJson(selected, true) : selected);
    case 'template':
      return mapping.template
        ? renderTemplate(mapping.template, lossless ? plainJson(selected, true) : selected)
        : writeJson(selected, lossless, 2);
    default:
      return writeJson(selected, lossless, 2);
  }
}

/** A selector over a lossless value; a filter that compares a big number falls back to doubles. */
function selectValue(json: ParsedJson, selector: string): unknown {
  if (!json.lossless) return select(json.value, selector);
  try {
    return select(json.value, selector);
  } catch {
    json.lossless = false;
    json.value = plainJson(json.value, false);
    return select(json.value, selector);
  }
}

const NOT_JSON = { ok: false } as const;

function parseJsonBody(body: string): ({ ok: true } & ParsedJson) | { ok: false; lossless?: undefined } {
  // /\S/ rather than trim(): no copy of a large body just to see it is blank.
  if (!/\S/.test(body)) return NOT_JSON;
  try {
    return { ok: true, ...parseJsonLossless(body) };
  } catch {
    return NOT_JSON;
  }
}

/** A body that looks like JSON as an error answer shows it: pretty when it is JSON, else as it came. */
function prettyOrRaw(body: string): string {
  const json = parseJsonBody(body);
  return json.ok ? writeJson(json.value, json.lossless, 2) : body;
}

/** True when the tool's format renders the selected value as pretty JSON (renderAs' default). */
function rendersJson(mapping: ResponseMapping): boolean {
  return mapping.format !== 'text' && mapping.format !== 'markdown' && mapping.format !== 'template';
}

/** The start of a cut body as UTF-8, ending on a whole character. */
function textStart(body: Buffer): string {
  let end = body.length;
  // Back off over a last character whose bytes were cut: continuation bytes are 10xxxxxx.
  let lead = end - 1;
  while (lead > 0 && end - lead < 4 && (body[lead]! & 0xc0) === 0x80) lead--;
  const first = body[lead] ?? 0;
  const width = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  if (lead + width > end) end = lead;
  return body.subarray(0, end).toString('utf8');
}

function textResult(text: string, isError: boolean, max: number): MappedResult {
  return { result: { content: [{ type: 'text', text: truncate(text, max) }], isError } };
}

function asText(value: unknown, lossless: boolean): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every(isScalar))
    return value.map((v) => (v === null ? '' : String(v))).join('\n');
  return writeJson(value, lossless);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Cuts UTF-8 text to `max` bytes (never mid-character) and says how much was cut. */
export function truncate(text: string, max: number): string {
  const bytes = Buffer.byteLength(text);
  if (bytes <= max) return text;
  let kept = Buffer.from(text).subarray(0, max).toString('utf8');
  if (kept.endsWith('\uFFFD')) kept = kept.slice(0, -1);
  const cut = bytes - Buffer.byteLength(kept);
  return `${kept}\n\n[Output truncated: ${cut} of ${bytes} bytes cut; limit is ${max} bytes.]`;
}
