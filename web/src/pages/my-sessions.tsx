import { useState } from 'react';
import { api } from '../api/client.ts';
import type { WebSession } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { SessionsTable } from '../components/sessions-table.tsx';
import { useAuth } from '../lib/auth.tsx';
import { useLoad } from '../lib/use-load.ts';

/** The browsers the signed-in person is signed in on; each can be signed out, this one included. */
export function MySessions() {
  const { signOut } = useAuth();
  const sessions = useLoad(() => api<WebSession[]>('GET', '/me/sessions'), []);
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState('');

  const end = async (session: WebSession) => {
    setError(undefined);
    setDone('');
    try {
      // This browser's session ends the way the header's Sign out ends it.
      if (session.current) return await signOut();
      await api('DELETE', `/me/sessions/${session.id}`);
      setDone('That browser is signed out.');
      sessions.reload();
    } catch (err) {
      setError(err);
    }
  };

  return (
    <section className="card" aria-labelledby="my-sessions">
      <h2 id="my-sessions">Where I am signed in</h2>
      {done && (
        <p className="ok" role="status">
          {done}
        </p>
      )}
      <ErrorNotice error={sessions.error ?? error} />
      {sessions.loading && !sessions.data && <Busy />}
      {sessions.data && <SessionsTable sessions={sessions.data} onSignOut={end} caption="My sessions" />}
    </section>
  );
}
