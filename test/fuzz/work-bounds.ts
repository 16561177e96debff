import fc from 'fast-check';

/*
 * Generators for the inputs that used to make the event loop wait (issue 31, point 1): regex
 * patterns built from nested quantified groups (the shapes that backtrack), URI templates with
 * adjacent expressions and the URIs that stress them, and documents whose `$ref`s fan out.
 */

const atom = fc.constantFrom('a', '[A-Za-z0-9]', '\\w', '\\d', '.', '[^/]', 'a|aa', '\\u0041');
const quantifier = fc.constantFrom('+', '*', '?', '{1,3}', '+?', '');

/** A pattern of nested quantified groups, such as `^((a|aa)+-?)*$`; sometimes with a backreference. */
export const nestedPattern = fc
  .tuple(
    fc.array(fc.tuple(atom, quantifier), { minLength: 1, maxLength: 4 }),
    fc.integer({ min: 1, max: 3 }),
    fc.boolean(),
  )
  .map(([parts, depth, backref]) => {
    let body = parts.map(([a, q]) => `(?:${a})${q}`).join('-?');
    for (let i = 0; i < depth; i++) body = `(${body})+`;
    return `^${body}${backref ? '\\1' : ''}$`;
  });

/** A subject that makes backtracking engines explode: a long run of one character, then a misfit. */
export const hostileSubject = fc
  .tuple(
    fc.constantFrom('a', '1', 'A', '-', 'aa-'),
    fc.integer({ min: 20, max: 5_000 }),
    fc.constantFrom('!', '/', ' ', ''),
  )
  .map(([unit, count, tail]) => unit.repeat(count) + tail);

/** A level-1 URI template with expressions that touch (`{a}.{b}`, `{a}{b}`). */
export const uriTemplate = fc
  .array(fc.constantFrom('{a}', '{b}', '{c}', '.', '-', '/', 'x'), { minLength: 1, maxLength: 6 })
  .map((parts) => {
    const names = new Map<string, number>();
    const unique = parts.map((p) => {
      if (!p.startsWith('{')) return p;
      const n = (names.get(p) ?? 0) + 1;
      names.set(p, n);
      return `{${p.slice(1, -1)}${n}}`;
    });
    return `docs://${unique.join('')}`;
  });

/** A URI of `docs://` and a repeated unit, up to past the URI cap. */
export const hostileUri = fc
  .tuple(
    fc.constantFrom('a.', 'a-', 'a', '.', 'a/'),
    fc.integer({ min: 1, max: 12_000 }),
    fc.constantFrom('/', '', '!'),
  )
  .map(([unit, count, tail]) => `docs://${unit.repeat(count)}${tail}`);

/** A document whose schemas each refer `fan` times to the one below, `levels` deep. */
export const fanOutDocument = fc
  .tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 4 }), fc.boolean())
  .map(([levels, fan, cycle]) => {
    const schemas: Record<string, unknown> = {
      S0: cycle ? { $ref: `#/components/schemas/S${levels}` } : { type: 'string' },
    };
    for (let i = 1; i <= levels; i++) {
      const properties: Record<string, unknown> = {};
      for (let f = 0; f < fan; f++) properties[`p${f}`] = { $ref: `#/components/schemas/S${i - 1}` };
      schemas[`S${i}`] = { type: 'object', properties };
    }
    return { levels, fan, cycle, schemas };
  });
