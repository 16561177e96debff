import { readdirSync, readFileSync } from 'node:fs';

/**
 * The corpus files the fidelity tests use, committed under `test/fixtures/corpus/` (public
 * documents; where each comes from and its licence: `test/fixtures/corpus/SOURCES.md`).
 */
const ROOT = new URL('../../test/fixtures/corpus/', import.meta.url);

export function fixtureFile(...parts: string[]): string {
  return readFileSync(new URL(parts.join('/'), ROOT), 'utf8');
}

export function fixtureFiles(...parts: string[]): string[] {
  return readdirSync(new URL(`${parts.join('/')}/`, ROOT)).sort();
}
