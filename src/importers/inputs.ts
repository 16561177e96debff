/** How an importer turns a request's inputs into tool arguments: MCP-safe argument names and property schemas from example values. */

/**
 * Gives out argument names that MCP clients accept (`^[A-Za-z0-9_.-]{1,64}$`) and that are
 * unique within one tool; the original wire name stays in the parameter mapping's `key`.
 */
export function createNamer(): (wireName: string, prefix?: string) => string {
  const used = new Set<string>();
  return (wireName, prefix) => {
    let base =
      wireName
        .replace(/[^A-Za-z0-9_.-]+/g, '_')
        .replace(/_+/g, '_')
        .replace(/^_+|_+$/g, '')
        .slice(0, 60) || 'param';
    if (used.has(base) && prefix) base = `${prefix}_${base}`.slice(0, 60);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base.slice(0, 58)}_${n}`;
    used.add(name);
    return name;
  };
}

/** The JSON Schema type of an example value. */
export function inferType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'object') return 'object';
  return 'string';
}

/** A property schema for an example value; arrays get the item type of their first element. */
export function schemaForValue(value: unknown, description: string): Record<string, unknown> {
  const type = inferType(value);
  const schema: Record<string, unknown> = { type, description, examples: [value] };
  if (type === 'null') {
    // A null example says nothing about the type: accept anything.
    delete schema.type;
  }
  if (type === 'array') {
    const first = (value as unknown[])[0];
    schema.items = first === undefined || first === null ? {} : { type: inferType(first) };
  }
  return schema;
}
