/** What the import wizard reads: manifest tools shown as candidates, and chosen files. */
import type { Candidate } from '../api/types.ts';

export interface Manifest {
  format?: string;
  tools?: Array<Record<string, unknown>>;
  [k: string]: unknown;
}

/** Manifest tools as candidates, so one table serves every kind. */
export function manifestCandidates(m: Manifest): Candidate[] {
  return (m.tools ?? []).map((t, i) => ({
    temp_id: `tool_${i}`,
    name: String(t.name ?? ''),
    slug: String(t.slug ?? ''),
    description: String(t.description ?? ''),
    endpoint_url: String(t.endpoint_url ?? ''),
    http_method: String(t.http_method ?? ''),
    input_schema: (t.input_schema ?? { type: 'object' }) as Candidate['input_schema'],
    headers: null,
    tags: Array.isArray(t.tags) ? (t.tags as string[]) : [],
  }));
}

/** A chosen file's text (FileReader: every browser, and jsdom in the tests). */
export function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsText(file);
  });
}
