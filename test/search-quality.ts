import { buildSearchIndex } from '../src/discovery/search-index.ts';
import { parseOpenApi } from '../src/importers/openapi.ts';
import type { ToolRecord } from '../src/store/tools.repo.ts';
import { corpusFile } from './kit/corpus.ts';
import { LABELLED_DOCUMENTS, LABELLED_QUERIES } from './search-labels.ts';

/** Top-1 / top-3 hit rates of search_tools over the labelled set (the test and the bench). */
export interface SearchQuality {
  queries: number;
  top1: number;
  top3: number;
  misses: Array<{ document: string; query: string; got: string[]; expected: string[] }>;
}

/** The importer's candidates of a corpus document, as the active tools the index sees. */
export async function corpusTools(file: string): Promise<ToolRecord[]> {
  const parsed = await parseOpenApi(corpusFile('openapi', 'valid', file));
  return parsed.candidates.map((c, i) => ({ ...c, id: i + 1, output_schema: null }) as unknown as ToolRecord);
}

export async function measureSearchQuality(): Promise<SearchQuality> {
  const out: SearchQuality = { queries: 0, top1: 0, top3: 0, misses: [] };
  for (const [document, file] of Object.entries(LABELLED_DOCUMENTS)) {
    const index = buildSearchIndex(await corpusTools(file));
    for (const { query, expected } of LABELLED_QUERIES[document as keyof typeof LABELLED_DOCUMENTS]) {
      const got = index.search(query, { limit: 3 }).map((h) => h.name);
      out.queries++;
      if (expected.includes(got[0] ?? '')) out.top1++;
      if (got.some((n) => expected.includes(n))) out.top3++;
      else out.misses.push({ document, query, got, expected });
    }
  }
  return out;
}
