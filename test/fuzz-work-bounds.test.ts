import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ApiError } from '../src/errors.ts';
import { assertBoundedRefExpansion, MAX_REF_EXPANSION_NODES } from '../src/importers/ref-expansion.ts';
import { MAX_RESOURCE_URI_CHARS, matchUriTemplate } from '../src/resources/uri-template.ts';
import { compileSchema, explainSchemaProblem } from '../src/shared/json-schema.ts';
import {
  fanOutDocument,
  hostileSubject,
  hostileUri,
  nestedPattern,
  uriTemplate,
} from './fuzz/work-bounds.ts';

/*
 * Issue 31, point 1, fuzzed: generated backtracking patterns, touching URI templates and fanned-out
 * `$ref`s either are refused with a reason or answer — in linear time by construction (RE2, a
 * memoised count), so a case that backtracked would hold this test past its timeout instead.
 * `FUZZ_SEED` replays a seed.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);
const OPTIONS = { seed: SEED, numRuns: 200 };

describe('fuzzing the work bounds', { timeout: 60_000 }, () => {
  test('a generated pattern is refused with its text named, or validates hostile subjects', () => {
    fc.assert(
      fc.property(nestedPattern, fc.array(hostileSubject, { maxLength: 3 }), (pattern, subjects) => {
        const schema = { type: 'string', pattern };
        const problem = explainSchemaProblem(schema);
        if (problem) {
          assert.ok(problem.includes(JSON.stringify(pattern)), problem);
          return;
        }
        const validate = compileSchema(schema);
        for (const s of subjects) assert.equal(typeof validate(s), 'boolean');
      }),
      OPTIONS,
    );
  });

  test('a generated URI template matches or not; a URI past the cap never matches', () => {
    fc.assert(
      fc.property(uriTemplate, hostileUri, (template, uri) => {
        const values = matchUriTemplate(template, uri);
        if (uri.length > MAX_RESOURCE_URI_CHARS) assert.equal(values, undefined);
        if (values) for (const v of Object.values(values)) assert.ok(!v.includes('/'));
      }),
      OPTIONS,
    );
  });

  test('a fanned-out document is counted, or refused as invalid_spec past the bound', () => {
    fc.assert(
      fc.property(fanOutDocument, ({ levels, fan, cycle, schemas }) => {
        const doc = {
          openapi: '3.0.3',
          components: { schemas },
          paths: { '/x': { $ref: `#/components/schemas/S${levels}` } },
        };
        // Each level's schema is a few nodes, so fan^levels uses bound the count within a small factor.
        const uses = cycle ? 0 : fan ** levels;
        let refused = false;
        try {
          assert.ok(assertBoundedRefExpansion(doc) <= MAX_REF_EXPANSION_NODES);
        } catch (err) {
          assert.ok(err instanceof ApiError, String(err));
          assert.equal(err.code, 'invalid_spec');
          refused = true;
        }
        if (cycle || uses <= 100_000) assert.equal(refused, false, `${fan}^${levels}, cycle ${cycle}`);
        if (uses >= MAX_REF_EXPANSION_NODES) assert.equal(refused, true, `${fan}^${levels}`);
      }),
      OPTIONS,
    );
  });
});
