/**
 * Who made an MCP call, when the server signs people in (an access token Toolgate issued): the
 * person and the OAuth client they connected with. Null for open servers and shared secrets,
 * which know no person. Call logs keep it; limits may count per person.
 */
export interface Caller {
  /** The user's UUID (the token's `sub`): what logs, limits and spans name, never an e-mail. */
  userUuid: string;
  /** The OAuth client's id (a URL for a Client ID Metadata Document), if the token names one. */
  clientId: string | null;
}
