import type { Server } from '../api/types.ts';
import { CopyButton } from '../components/copy-button.tsx';
import { OpenServerNote } from '../components/open-server-note.tsx';
import { authHeader, clientUrl, snippets } from '../lib/connect.ts';
import { usesToolgateSignIn } from '../lib/server-form.ts';

export function ConnectPanel({ server }: { server: Server }) {
  const header = authHeader(server);
  const signIn = usesToolgateSignIn(server);
  return (
    <section aria-labelledby="connect-title">
      <h2 id="connect-title">Connect a client</h2>
      <div className="card">
        <p>
          <strong>Endpoint URL</strong> (Streamable HTTP)
        </p>
        <p className="copy-line">
          <code className="url">{clientUrl(server)}</code>{' '}
          <CopyButton text={clientUrl(server)} label="Copy URL" />
        </p>
        <p className="muted">
          {signIn
            ? 'People sign in through Toolgate: the URL is all a client needs, and it opens the sign-in page itself.'
            : header
              ? `Clients send the header ${header[0]}: replace ${header[1]} with the credential you chose for this server (it is stored as a hash and cannot be shown).`
              : server.auth_type === 'api-key'
                ? 'Clients send the key in the query string: replace <YOUR_API_KEY>.'
                : 'This endpoint needs no credentials (auth type none).'}
          {server.status !== 'active' &&
            ` The server is ${server.status}: clients are refused until it is active.`}
        </p>
        {server.auth_type === 'none' && <OpenServerNote />}
      </div>
      {signIn && <SignInSteps name={server.slug} url={clientUrl(server)} />}
      <div className="snippets">
        {snippets(server).map((s) => (
          <section key={s.id} className="card" aria-labelledby={`snippet-${s.id}`}>
            <div className="page-head">
              <h3 id={`snippet-${s.id}`}>
                {s.title} <span className="muted small">{s.where}</span>
              </h3>
              <CopyButton text={s.text} />
            </div>
            <pre className="code">{s.text}</pre>
          </section>
        ))}
      </div>
    </section>
  );
}

/** What a person does with a server Toolgate signs them in to, in the two clients most ask about. */
function SignInSteps({ name, url }: { name: string; url: string }) {
  return (
    <section className="card" aria-labelledby="sign-in-steps">
      <h3 id="sign-in-steps">Connect and sign in</h3>
      <ul className="steps">
        <li>
          <strong>Claude Code:</strong>{' '}
          <code>
            claude mcp add --transport http {name} {url}
          </code>
          , then <code>/mcp</code> in Claude Code to sign in.
        </li>
        <li>
          <strong>claude.ai:</strong> Settings → Connectors → Add custom connector → paste the URL.
        </li>
      </ul>
    </section>
  );
}
