import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { exceedsDepth, jsonTextExceedsDepth, MAX_JSON_DEPTH } from './json-depth.ts';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('JSON depth limits', () => {
  test('counts objects and arrays in text, not brackets inside strings', () => {
    assert.equal(jsonTextExceedsDepth(nested(MAX_JSON_DEPTH)), false);
    assert.equal(jsonTextExceedsDepth(nested(MAX_JSON_DEPTH + 1)), true);
    assert.equal(jsonTextExceedsDepth(JSON.stringify({ a: '['.repeat(10_000), b: '\\"{{{' })), false);
    assert.equal(jsonTextExceedsDepth('{"a":{"b":[1,{"c":2}]}}', 3), true);
    assert.equal(jsonTextExceedsDepth('{"a":{"b":[1,{"c":2}]}}', 4), false);
  });

  test('texts too short to be valid JSON that deep are not scanned; JSON.parse refuses the invalid ones', () => {
    // 257 levels of valid JSON take 514 characters, the shortest text the scan looks at.
    assert.equal(nested(MAX_JSON_DEPTH + 1).length, 2 * (MAX_JSON_DEPTH + 1));
    const unclosed = '['.repeat(MAX_JSON_DEPTH + 100);
    assert.equal(jsonTextExceedsDepth(unclosed), false);
    assert.throws(() => JSON.parse(unclosed), SyntaxError);
    assert.equal(jsonTextExceedsDepth(`${unclosed}${']'.repeat(MAX_JSON_DEPTH + 100)}`), true);
  });

  test('walks parsed values without recursion, once per shared object', () => {
    assert.equal(exceedsDepth(JSON.parse(nested(MAX_JSON_DEPTH))), false);
    assert.equal(exceedsDepth(JSON.parse(nested(100_000))), true);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.equal(exceedsDepth(cyclic), false);
    assert.equal(exceedsDepth('text'), false);
  });
});
