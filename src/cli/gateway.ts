/**
 * What the CLI's server/tool/import commands need from a Toolgate: the management API's verbs.
 * Two implementations: the local database through the services (local-gateway.ts) and a running
 * instance through its HTTP API (remote-gateway.ts). Records are the API's JSON shapes.
 */
export type Json = Record<string, unknown>;

export type DocumentKind = 'openapi' | 'collection';

export interface Gateway {
  /** Where the commands act, for messages ("local database sqlite:…", "http://…/api/svc/v1"). */
  readonly target: string;
  listServers(): Promise<Json[]>;
  createServer(name: string): Promise<Json>;
  updateServer(serverUuid: string, patch: Json): Promise<Json>;
  listTools(serverUuid: string): Promise<Json[]>;
  updateTool(serverUuid: string, toolUuid: string, patch: Json): Promise<Json>;
  importCurl(serverUuid: string, body: Json): Promise<Json>;
  importDocument(serverUuid: string, kind: DocumentKind, body: Json): Promise<Json>;
  close(): Promise<void>;
}

/** A failed verb, as `code: message` plus the API's `data.params` when it names fields. */
export class GatewayError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly params?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Describes an error for the terminal: the code, the message and each named field. */
export function describeGatewayError(err: GatewayError): string {
  const fields = Object.entries(err.params ?? {}).map(([k, v]) => `\n  ${k}: ${v}`);
  return `${err.code}: ${err.message}${fields.join('')}`;
}
