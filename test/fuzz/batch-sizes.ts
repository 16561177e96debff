import fc from 'fast-check';

/*
 * Fuzz generators for JSON-RPC batch sizes (issue 31): batches around and far past the length
 * limit, of every kind of member, written with the whitespace and string contents (commas,
 * brackets, escaped quotes) that a text scan of the batch must not miscount.
 */

export interface BatchCase {
  /** The POST body as sent. */
  text: string;
  /** Members of the batch. */
  members: number;
  /** Members that are requests (each gets an answer). */
  requests: number;
  /** Members that are invalid (each gets a -32600 answer). */
  invalid: number;
}

/** A string holding what a miscounting scan would trip on. */
const trickyText = fc.constantFrom(
  '',
  'a,b',
  '[1,2]',
  '{"x":[,]}',
  'quote " and \\ backslash',
  ',,,',
  '\u2028',
);

type Member = { kind: 'request' | 'notification' | 'response' | 'invalid'; value: unknown };

const member: fc.Arbitrary<Member> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({
        id: fc.oneof(fc.integer(), trickyText),
        method: fc.constantFrom('ping', 'tools/list', 'no/such'),
      })
      .map(({ id, method }): Member => ({ kind: 'request', value: { jsonrpc: '2.0', id, method } })),
  },
  {
    weight: 2,
    arbitrary: trickyText.map(
      (note): Member => ({
        kind: 'notification',
        value: { jsonrpc: '2.0', method: 'notifications/progress', params: { note } },
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer()
      .map((id): Member => ({ kind: 'response', value: { jsonrpc: '2.0', id, result: { s: '],[' } } })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Member>(
      { kind: 'invalid', value: 42 },
      { kind: 'invalid', value: [] },
      { kind: 'invalid', value: { jsonrpc: '1.0', id: 1, method: 'ping' } },
      { kind: 'invalid', value: 'a,b,c' },
    ),
  },
);

/** Batch lengths: small, around the limit, and far past it (few of those, they are big). */
export function batchLength(limit: number): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 8 }) },
    { weight: 4, arbitrary: fc.integer({ min: limit - 3, max: limit + 3 }) },
    { weight: 1, arbitrary: fc.integer({ min: limit + 4, max: 20 * limit }) },
  );
}

/** A batch of `batchLength` members, as text with random whitespace between tokens. */
export function batchCase(limit: number): fc.Arbitrary<BatchCase> {
  return fc
    .record({
      length: batchLength(limit),
      pool: fc.array(member, { minLength: 1, maxLength: 16 }),
      space: fc.constantFrom('', ' ', '\n', '\t ', '\r\n  '),
    })
    .map(({ length, pool, space }) => {
      const chosen = Array.from({ length }, (_, i) => pool[i % pool.length]!);
      const text = `${space}[${space}${chosen.map((m) => JSON.stringify(m.value)).join(`${space},${space}`)}${space}]${space}`;
      return {
        text,
        members: length,
        requests: chosen.filter((m) => m.kind === 'request').length,
        invalid: chosen.filter((m) => m.kind === 'invalid').length,
      };
    });
}
