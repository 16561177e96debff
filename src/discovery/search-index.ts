import MiniSearch from 'minisearch';
import { stemmer } from 'stemmer';
import type { ToolRecord } from '../store/tools.repo.ts';

/*
 * Ranking of `search_tools` (issue 16): MiniSearch (BM25+ scoring, field boosts, prefix and fuzzy
 * matching, 7 kB, no dependencies) rather than a BM25 of our own: it is well kept and its
 * tokenizer/term hooks take the two things tool names need — camelCase/snake_case splitting and
 * Porter stemming (`stemmer`), so "customers" finds `PostCustomers` and "creating" finds "create".
 * Measured on the labelled set (test/search-labels.ts) by `npm run bench -- discovery`.
 */

/** What one search hit shows: enough to choose a tool, not its schema. */
export interface ToolHit {
  name: string;
  title: string;
  description: string;
  method: string;
  path: string;
  tags: string[];
}

export interface SearchIndex {
  search(query: string, opts?: { limit?: number; tags?: string[] }): ToolHit[];
}

/** Words too common in API documents to tell tools apart. */
const STOP_WORDS = new Set(
  'a an and are as at be by for from in into is it its of on or that the this to with will your you all api'.split(
    ' ',
  ),
);

/** Words of a text: camelCase and digit boundaries split, then any non-alphanumeric run. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
}

function processTerm(term: string): string | null {
  const word = term.toLowerCase();
  if (STOP_WORDS.has(word)) return null;
  return stemmer(word);
}

/** The path of an endpoint URL as written (`{id}` placeholders kept), without scheme and host. */
export function pathOf(endpointUrl: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/]+(\/[^?#]*)?/i.exec(endpointUrl);
  return match ? (match[1] ?? '/') : endpointUrl;
}

/** The first sentence (or line) of a description, for a hit list. */
export function firstLine(text: string, max = 160): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  const sentence = /^(.+?[.!?])(\s|$)/.exec(line.trim())?.[1] ?? line.trim();
  return sentence.length > max ? `${sentence.slice(0, max - 1).trimEnd()}…` : sentence;
}

function parameterText(schema: Record<string, unknown>): string {
  const props = schema.properties;
  if (typeof props !== 'object' || props === null) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(props)) {
    parts.push(key);
    const description = (value as Record<string, unknown> | null)?.description;
    if (typeof description === 'string') parts.push(description.slice(0, 200));
  }
  return parts.join(' ');
}

/** Builds the index of one tool set; `nameOf` gives the name clients see (name limit applied). */
export function buildSearchIndex(
  tools: readonly ToolRecord[],
  nameOf: (tool: ToolRecord) => string = (t) => t.slug,
): SearchIndex {
  const hits = new Map<number, ToolHit>();
  const index = new MiniSearch<{ id: number }>({
    fields: ['name', 'title', 'path', 'tags', 'summary', 'description', 'params'],
    storeFields: [],
    // Names and paths repeat their nouns (`PostCustomersCustomer`, `/customers/{customer}`): each
    // word counts once there, so the repetition does not outrank the plain collection operation.
    tokenize: (text, field) =>
      field === 'name' || field === 'path'
        ? [...new Set(splitWords(text).map((w) => w.toLowerCase()))]
        : splitWords(text),
    processTerm,
    searchOptions: {
      boost: { name: 3, title: 2, path: 2, tags: 1.5, summary: 2, description: 0.5, params: 0.2 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 6 ? 0.15 : false),
      combineWith: 'OR',
    },
  });
  const docs = tools.map((tool, id) => {
    const path = pathOf(tool.endpoint_url);
    hits.set(id, {
      name: nameOf(tool),
      title: tool.name,
      description: firstLine(tool.description || tool.name),
      method: tool.http_method.toUpperCase(),
      path,
      tags: tool.tags,
    });
    return {
      id,
      name: tool.slug,
      title: tool.name,
      path: path.replace(/\{[^}]*\}/g, ' '),
      tags: tool.tags.join(' '),
      summary: firstLine(tool.description),
      description: tool.description,
      params: parameterText(tool.input_schema),
    };
  });
  index.addAll(docs);
  return {
    search(query, opts = {}) {
      const limit = opts.limit ?? 5;
      const wanted = opts.tags?.length ? new Set(opts.tags.map((t) => t.toLowerCase())) : undefined;
      const filter = wanted
        ? (r: { id: number }) => hits.get(r.id)!.tags.some((t) => wanted.has(t.toLowerCase()))
        : undefined;
      return index
        .search(query, filter ? { filter } : {})
        .slice(0, limit)
        .map((r) => hits.get(r.id as number)!);
    },
  };
}
