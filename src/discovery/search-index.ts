import MiniSearch from 'minisearch';
import { stemmer } from 'stemmer';
import type { ToolRecord } from '../store/tools.repo.ts';
import { PHRASES, QUERY_STOP_WORDS, SYNONYMS } from './synonyms.ts';

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

/** What an HTTP method does, in the words people use for it (a GET of one item reads, of a collection lists). */
function verbsOf(method: string, path: string): string {
  switch (method.toUpperCase()) {
    case 'GET':
      return /\}\/?$/.test(path) ? 'get' : 'list get';
    case 'POST':
      // To a collection it creates; to one item it updates (Stripe's style); to `/{id}/pause` it acts.
      if (/\}\/?$/.test(path)) return 'update';
      return /\}\/[^/{}]*[^s/{}]\/?$/.test(path) ? '' : 'create';
    case 'PUT':
    case 'PATCH':
      return 'update';
    case 'DELETE':
      return 'delete';
    default:
      return '';
  }
}

/** The field names of a response (first level, and the items of a top-level list member). */
function fieldNames(schema: Record<string, unknown> | null): string {
  const props = schema?.properties;
  if (typeof props !== 'object' || props === null) return '';
  const names = Object.keys(props);
  for (const value of Object.values(props as Record<string, Record<string, unknown> | null>)) {
    const items = value?.items as Record<string, unknown> | undefined;
    if (value?.type === 'array' && items && typeof items.properties === 'object' && items.properties)
      names.push(...Object.keys(items.properties));
  }
  return names.slice(0, 100).join(' ');
}

/** The least share of its score an operation keeps when its head fields say none of the request's words. */
const COORD_FLOOR = 0.5;

/** Weight of a word the search added for the person's (a synonym) against their own words. */
const EXPANSION_WEIGHT = 0.4;

/**
 * A request as the index reads it: phrases rewritten to API words, conversational words left out,
 * and each remaining word's API synonyms added (their stems returned, to weigh them less).
 */
export function readQuery(query: string): { text: string; expansions: Set<string>; groups: Set<string>[] } {
  // Split first: an operation name typed as such (`PostCustomer`) is words too.
  let text = splitWords(query).join(' ').toLowerCase();
  for (const [pattern, replacement] of PHRASES) text = text.replace(pattern, ` ${replacement} `);
  const words = splitWords(text).filter((w) => !QUERY_STOP_WORDS.has(w));
  const own = new Set(words.map((w) => processTerm(w)).filter((w) => w !== null));
  const added: string[] = [];
  const expansions = new Set<string>();
  const groups: Set<string>[] = [];
  const seen = new Set<string>();
  for (const word of words) {
    const stem = processTerm(word);
    if (stem === null) continue;
    const group = new Set([stem]);
    for (const synonym of SYNONYMS[word] ?? []) {
      const synonymStem = processTerm(synonym);
      if (synonymStem === null) continue;
      group.add(synonymStem);
      if (own.has(synonymStem) || expansions.has(synonymStem)) continue;
      expansions.add(synonymStem);
      added.push(synonym);
    }
    // One group per word the person wrote (a repeated word counts once).
    if (!seen.has(stem)) groups.push(group);
    seen.add(stem);
  }
  return { text: [...words, ...added].join(' '), expansions, groups };
}

/** Where a word of the request counts as covered: what names the operation, not its long text. */
const HEAD_FIELDS = new Set(['name', 'title', 'summary', 'path', 'verbs', 'tags']);

/**
 * Lucene's classic coordination factor over the request's words: an operation whose name,
 * summary, path or method say every word (or a synonym of it) the person wrote ranks above one
 * that says fewer more often. "upload a file": `createFile` ("Upload a file …") over `createUpload`.
 */
function coverage(match: Record<string, string[]>, groups: Set<string>[]): number {
  if (groups.length === 0) return 1;
  // The document terms said in a head field (a prefix match counts: "intent" for "intents").
  const head = Object.keys(match).filter((term) => (match[term] ?? []).some((f) => HEAD_FIELDS.has(f)));
  let covered = 0;
  for (const group of groups)
    if (head.some((term) => [...group].some((stem) => term.startsWith(stem)))) covered++;
  return covered / groups.length;
}

/** Builds the index of one tool set; `nameOf` gives the name clients see (name limit applied). */
export function buildSearchIndex(
  tools: readonly ToolRecord[],
  nameOf: (tool: ToolRecord) => string = (t) => t.slug,
): SearchIndex {
  const hits = new Map<number, ToolHit>();
  const index = new MiniSearch<{ id: number }>({
    fields: ['name', 'title', 'path', 'tags', 'summary', 'description', 'params', 'verbs', 'fields'],
    storeFields: [],
    // Names and paths repeat their nouns (`PostCustomersCustomer`, `/customers/{customer}`): each
    // word counts once there, so the repetition does not outrank the plain collection operation.
    tokenize: (text, field) =>
      field === 'name' || field === 'path'
        ? [...new Set(splitWords(text).map((w) => w.toLowerCase()))]
        : splitWords(text),
    processTerm,
    searchOptions: {
      boost: {
        name: 3,
        title: 2,
        path: 2,
        tags: 1.5,
        summary: 2,
        description: 0.5,
        params: 0.2,
        verbs: 1,
        fields: 0.2,
      },
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
      verbs: verbsOf(tool.http_method, path),
      fields: fieldNames(tool.output_schema),
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
      const { text, expansions, groups } = readQuery(query);
      if (text.trim() === '') return [];
      // Words the person wrote weigh fully; words added for them (synonyms) less.
      const boostTerm = (term: string) => (expansions.has(term) ? EXPANSION_WEIGHT : 1);
      return index
        .search(text, filter ? { filter, boostTerm } : { boostTerm })
        .map((r) => ({
          id: r.id,
          score: r.score * (COORD_FLOOR + (1 - COORD_FLOOR) * coverage(r.match, groups)),
        }))
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
        .map((r) => hits.get(r.id as number)!);
    },
  };
}
