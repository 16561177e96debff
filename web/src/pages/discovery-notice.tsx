import { useState } from 'react';
import { api } from '../api/client.ts';
import type { Server } from '../api/types.ts';
import { ErrorNotice } from '../components/error-notice.tsx';

const META_TOOLS = 'search_tools, describe_tools and call_tool';

/**
 * Shown when a document's candidates together pass the server's token budget: nothing was
 * preselected, and discovery mode (three meta-tools instead of every definition) is offered for
 * the server, in one click when it lists every tool today.
 */
export function DiscoveryNotice({
  server,
  tokens,
  budget,
  onChanged,
}: {
  server: Server;
  tokens: number;
  budget: number;
  onChanged(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [turnedOn, setTurnedOn] = useState(false);
  const fmt = (n: number) => n.toLocaleString('en-US');

  const turnOn = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api<Server>('PATCH', `/servers/${server.uuid}`, { tool_exposure: 'discovery' });
      setTurnedOn(true);
      onChanged();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const exposure = turnedOn ? 'discovery' : server.tool_exposure;
  return (
    <div className="notice notice-warn" data-testid="budget-notice">
      <p>
        <strong>Nothing is preselected.</strong> All these operations would add ≈ {fmt(tokens)} tokens to
        tools/list, more than this server's budget of {fmt(budget)}: every MCP client would send them to its
        model on each turn. Pick the operations you need, or import them all and serve them through discovery
        mode, where clients see three meta-tools ({META_TOOLS}) and look tools up as they need them (or code
        mode, where the model writes a program against them).
      </p>
      {exposure === 'discovery' && (
        <p role="status">
          Discovery mode is on for {server.name}: importing every operation keeps tools/list small.
        </p>
      )}
      {exposure === 'code' && (
        <p role="status">
          Code mode is on for {server.name}: clients see four tools however many operations it has, so
          importing every operation keeps tools/list small.
        </p>
      )}
      {exposure === 'auto' && (
        <p>
          {server.name}'s tool exposure is <strong>auto</strong>: once its active tools pass {fmt(budget)}{' '}
          tokens, clients get the meta-tools instead of the list.
        </p>
      )}
      {exposure === 'all' && (
        <p>
          <button type="button" className="btn btn-small" disabled={busy} onClick={turnOn}>
            Turn on discovery mode for {server.name}
          </button>
        </p>
      )}
      <ErrorNotice error={error} />
    </div>
  );
}
