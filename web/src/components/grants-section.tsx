import { type ReactNode, useState } from 'react';
import { api } from '../api/client.ts';
import type { Grant } from '../api/types.ts';
import { useLoad } from '../lib/use-load.ts';
import { Busy } from './busy.tsx';
import { Confirm } from './confirm.tsx';
import { ErrorNotice } from './error-notice.tsx';
import { appName, GrantsTable } from './grants-table.tsx';

/**
 * A card listing grants with Revoke after a confirmation: one's own (`/me/grants`) or, for an
 * administrator, a person's (`/grants`, filtered to them).
 */
export function GrantsSection({
  title,
  load,
  revokePath,
  empty,
  whose,
}: {
  title: string;
  load(): Promise<Grant[]>;
  revokePath(grant: Grant): string;
  empty: ReactNode;
  /** "you" or the person's e-mail, for the confirmation. */
  whose: string;
}) {
  const grants = useLoad(load, []);
  const [revoking, setRevoking] = useState<Grant | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState('');
  const id = `grants-${title.replace(/\W+/g, '-').toLowerCase()}`;

  const revoke = async (grant: Grant) => {
    setBusy(true);
    setError(undefined);
    try {
      await api('DELETE', revokePath(grant));
      setDone(`${appName(grant)} can no longer act as ${whose}.`);
      grants.reload();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };

  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {done && (
        <p className="ok" role="status">
          {done}
        </p>
      )}
      <ErrorNotice error={grants.error ?? error} />
      {grants.loading && !grants.data && <Busy />}
      {grants.data && grants.data.length === 0 && <p className="muted">{empty}</p>}
      {grants.data && grants.data.length > 0 && (
        <GrantsTable grants={grants.data} onRevoke={setRevoking} caption={title} />
      )}
      {revoking && (
        <Confirm
          title={`Revoke ${appName(revoking)}?`}
          confirmLabel="Revoke access"
          busy={busy}
          onCancel={() => setRevoking(null)}
          onConfirm={() => revoke(revoking)}
        >
          <p>
            It can no longer call these servers as {whose}: its tokens are refused at once. Using it again
            needs a new sign-in and consent.
          </p>
        </Confirm>
      )}
    </section>
  );
}
