import { readFileSync } from 'node:fs';
import { buildSearchIndex } from '../src/discovery/search-index.ts';
import { parseOpenApi } from '../src/importers/openapi.ts';
import type { ToolRecord } from '../src/store/tools.repo.ts';
import { corpusFile } from './kit/corpus.ts';
import { LABELLED_DOCUMENTS, LABELLED_QUERIES, type LabelledQuery } from './search-labels.ts';
import { UNSEEN_DOCUMENTS, UNSEEN_QUERIES } from './search-unseen.ts';

/**
 * The two labelled sets of search_tools: `labelled` (issue 16, Stripe, OpenAI and Discourse from the
 * importer corpus) and `unseen` (issue 37, Box, PagerDuty and Twilio, written blind to the ranker).
 */
export type SearchSet = 'labelled' | 'unseen';

export const SEARCH_SETS: SearchSet[] = ['labelled', 'unseen'];

/** Hit counts over some requests: a top-1 hit is a serving operation first, a top-3 hit one in the first three. */
export interface HitCounts {
  queries: number;
  top1: number;
  top3: number;
}

/** Top-1 / top-3 hit rates of search_tools over one set, overall and per document (the tests and the bench). */
export interface SearchQuality extends HitCounts {
  set: SearchSet;
  documents: Record<string, HitCounts>;
  /** The requests with no serving operation in the top 3. */
  misses: Array<{ document: string; query: string; got: string[]; expected: string[] }>;
  /** Expected names that are no tool of their document (`document/name`): a label the importer does not make. */
  unknown: string[];
}

interface SetDocument {
  document: string;
  load: () => Promise<ToolRecord[]>;
  queries: LabelledQuery[];
}

const UNSEEN_FOLDER = new URL('./fixtures/search-unseen/', import.meta.url);

/** The importer's candidates of a corpus document, as the active tools the index sees. */
export async function corpusTools(file: string): Promise<ToolRecord[]> {
  return toolsOf(corpusFile('openapi', 'valid', file));
}

/** The importer's candidates of a document of the unseen set (test/fixtures/search-unseen/). */
export async function unseenTools(file: string): Promise<ToolRecord[]> {
  return toolsOf(readFileSync(new URL(file, UNSEEN_FOLDER), 'utf8'));
}

async function toolsOf(text: string): Promise<ToolRecord[]> {
  const parsed = await parseOpenApi(text);
  return parsed.candidates.map((c, i) => ({ ...c, id: i + 1, output_schema: null }) as unknown as ToolRecord);
}

function documentsOf(set: SearchSet): SetDocument[] {
  if (set === 'labelled') {
    return Object.entries(LABELLED_DOCUMENTS).map(([document, file]) => ({
      document,
      load: () => corpusTools(file),
      queries: LABELLED_QUERIES[document as keyof typeof LABELLED_DOCUMENTS],
    }));
  }
  return Object.entries(UNSEEN_DOCUMENTS).map(([document, file]) => ({
    document,
    load: () => unseenTools(file),
    queries: UNSEEN_QUERIES[document as keyof typeof UNSEEN_DOCUMENTS],
  }));
}

/** Runs every request of a set against its document's index (limit 3) and counts the hits. */
export async function measureSearchQuality(set: SearchSet): Promise<SearchQuality> {
  const out: SearchQuality = { set, queries: 0, top1: 0, top3: 0, documents: {}, misses: [], unknown: [] };
  for (const { document, load, queries } of documentsOf(set)) {
    const tools = await load();
    const names = new Set(tools.map((t) => t.slug));
    const index = buildSearchIndex(tools);
    const counts: HitCounts = { queries: 0, top1: 0, top3: 0 };
    out.documents[document] = counts;
    for (const { query, expected } of queries) {
      for (const name of expected) if (!names.has(name)) out.unknown.push(`${document}/${name}`);
      const got = index.search(query, { limit: 3 }).map((h) => h.name);
      const top1 = expected.includes(got[0] ?? '');
      const top3 = got.some((n) => expected.includes(n));
      for (const c of [out, counts]) {
        c.queries++;
        if (top1) c.top1++;
        if (top3) c.top3++;
      }
      if (!top3) out.misses.push({ document, query, got, expected });
    }
  }
  return out;
}
