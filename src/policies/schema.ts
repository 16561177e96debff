/*
 * The Cedar schema policies are validated against, generated from what Toolgate knows: who calls
 * (a signed-in User in Groups, or the server's Shared identity), what is called (a Tool of a
 * Server, with its method, risk and tags) and the call's context — its arguments typed from the
 * tools' input schemas (every property of every tool of the server, optional), the hour and
 * weekday (UTC), the client's address and OAuth client, the protocol era. A policy naming an
 * attribute or argument that is not here is refused when it is saved.
 */

/** The Cedar types a JSON Schema property maps to; undefined when Cedar cannot hold it. */
export function cedarTypeOf(schema: unknown, depth = 0): string | undefined {
  if (depth > 4 || typeof schema !== 'object' || schema === null) return undefined;
  const s = schema as Record<string, unknown>;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return 'String';
    case 'integer':
    case 'number':
      // Cedar's numbers are 64-bit integers: a fractional value is left out of the context.
      return 'Long';
    case 'boolean':
      return 'Bool';
    case 'array': {
      const item = cedarTypeOf(s.items, depth + 1);
      return item ? `Set<${item}>` : undefined;
    }
    case 'object': {
      const fields = recordFields(s.properties, depth + 1);
      return fields === undefined ? undefined : `{ ${fields} }`;
    }
    default:
      return undefined;
  }
}

function recordFields(properties: unknown, depth: number): string | undefined {
  if (typeof properties !== 'object' || properties === null) return '';
  const parts: string[] = [];
  for (const [name, prop] of Object.entries(properties)) {
    const type = cedarTypeOf(prop, depth);
    if (type) parts.push(`${JSON.stringify(name)}?: ${type}`);
  }
  return parts.join(', ');
}

/**
 * The arguments every tool of the server may carry, as one Cedar record type: a property is in it
 * when every tool that has it gives it the same Cedar type (a name two tools type differently
 * cannot be checked, so it is left out and a policy naming it is refused).
 */
export function argumentsType(tools: ReadonlyArray<{ input_schema: Record<string, unknown> }>): string {
  const types = new Map<string, string | null>();
  for (const tool of tools) {
    const props = tool.input_schema?.properties;
    if (typeof props !== 'object' || props === null) continue;
    for (const [name, prop] of Object.entries(props as Record<string, unknown>)) {
      const type = cedarTypeOf(prop, 1) ?? null;
      const seen = types.get(name);
      if (seen === undefined) types.set(name, type);
      else if (seen !== type) types.set(name, null);
    }
  }
  const fields = [...types]
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, type]) => `${JSON.stringify(name)}?: ${type}`);
  return `{ ${fields.join(', ')} }`;
}

/** The schema text for a server's policies (global policies: no tools, so no arguments). */
export function policySchema(tools: ReadonlyArray<{ input_schema: Record<string, unknown> }>): string {
  return `entity Group { name: String };
entity User in [Group] { email: String, role: String };
entity Shared;
entity Server { slug: String, name: String };
entity Tool in [Server] { slug: String, name: String, method: String, risk: String, tags: Set<String>, server: String };
type Arguments = ${argumentsType(tools)};
type Caller = { hour: Long, weekday: String, client_ip: String, client_id: String, era: String };
action call_tool appliesTo { principal: [User, Shared], resource: Tool, context: { arguments: Arguments, hour: Long, weekday: String, client_ip: String, client_id: String, era: String } };
action list_tools appliesTo { principal: [User, Shared], resource: Server, context: Caller };
action read_resource appliesTo { principal: [User, Shared], resource: Server, context: { uri: String, hour: Long, weekday: String, client_ip: String, client_id: String, era: String } };
action get_prompt appliesTo { principal: [User, Shared], resource: Server, context: { name: String, hour: Long, weekday: String, client_ip: String, client_id: String, era: String } };
`;
}
