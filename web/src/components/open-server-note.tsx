/** What inbound auth `none` means, said wherever that choice is made or shown (issue 31). */
export const OPEN_SERVER_NOTE =
  'Open server: no inbound authentication — anyone who can reach the gateway can call its tools with this server’s upstream credentials; with CORS origins empty, any browser origin too.';

export function OpenServerNote() {
  return (
    <p className="notice notice-warn" data-testid="open-server-note">
      {OPEN_SERVER_NOTE}
    </p>
  );
}
