import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shownUrl } from './present.ts';

test('a source URL shows no query value or user info (either may be a key); the rest as stored', () => {
  assert.equal(shownUrl('https://api.example.com/openapi.json'), 'https://api.example.com/openapi.json');
  assert.equal(
    shownUrl('https://api.example.com/spec.yaml?api_key=sk_live_123&v=2'),
    'https://api.example.com/spec.yaml?api_key=…&v=…',
  );
  assert.equal(
    shownUrl('https://ada:s3cret@docs.example.com/openapi.json'),
    'https://…@docs.example.com/openapi.json',
  );
  assert.equal(shownUrl('not a url'), '…');
});
