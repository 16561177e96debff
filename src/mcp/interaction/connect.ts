import { randomUUID } from 'node:crypto';
import { connectionsPageUrl, issueConnectLinkFor } from '../../connections/connect-links.ts';
import { isConnected, perUserAuthOf } from '../../connections/connections.service.ts';
import type { ToolRecord } from '../../store/tools.repo.ts';
import type { CallContext } from '../call-context.ts';
import { invalidParams, RpcError } from '../errors.ts';
import { capabilitiesOf } from './calls.ts';
import { redeemState, signState } from './state.ts';

/*
 * Consent inside the conversation (URL-mode elicitation) when a tools/call needs the person's
 * own upstream connection and they have none that works:
 * - 2025-11-25, client declares `elicitation.url`: the -32042 "URL elicitation required" error
 *   with a single-use connect link; the client retries the call once the person is done;
 * - 2026-07-28, client declares it: an `input_required` result whose request is the link; the
 *   retry (SDKs retry as soon as the person accepts, before they finish in the browser) waits
 *   briefly for the connection, else asks again;
 * - a client without URL elicitation: a tool error naming the My connections page.
 * The link is made for the signed-in caller only and opens nothing for anyone else.
 */

export const URL_ELICITATION_REQUIRED = -32042;
const CONNECT_KEY = 'connect';
const CONNECT_STAGE = 'connect';
/** How long a 2026 retry waits for the person to finish in the browser. */
const RETRY_WAIT_MS = 30_000;
const WAIT_STEP_MS = 250;

function declaresUrlElicitation(call: CallContext): boolean {
  const elicitation = capabilitiesOf(call).elicitation;
  return typeof elicitation === 'object' && elicitation !== null && 'url' in elicitation;
}

/** The answer to a call whose person must connect first. */
export async function askToConnect(
  call: CallContext,
  tool: ToolRecord,
  modelArgs: Record<string, unknown>,
  finalArgs: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const page = connectionsPageUrl(call.ctx);
  const message = `Connect your account for "${call.server.name}" so its tools can act as you.`;
  const url =
    call.caller && declaresUrlElicitation(call)
      ? await issueConnectLinkFor(call.ctx, call.caller.userUuid, call.server.id)
      : null;
  if (url === null)
    return {
      content: [
        {
          type: 'text',
          text: `${message} Open ${page} in your browser (signed in to Toolgate as yourself), connect "${call.server.name}", then ask again. Nothing was sent.`,
        },
      ],
      isError: true,
    };
  if (call.modern)
    return {
      resultType: 'input_required',
      inputRequests: {
        [CONNECT_KEY]: { method: 'elicitation/create', params: { mode: 'url', url, message } },
      },
      // The arguments as they will be sent travel sealed: the retry skips the steps already done.
      requestState: signState(call.ctx, `tool:${tool.uuid}`, modelArgs, CONNECT_STAGE, finalArgs),
    };
  throw new RpcError(URL_ELICITATION_REQUIRED, 'This request requires connecting an account first.', {
    elicitations: [{ mode: 'url', elicitationId: randomUUID(), url, message }],
  });
}

/** Whether a 2026 retry carries the state of a connect round (read without redeeming it). */
export function isConnectRetry(params: Record<string, unknown>): boolean {
  const state = params.requestState;
  if (typeof state !== 'string') return false;
  const dot = state.lastIndexOf('.');
  try {
    const payload = JSON.parse(Buffer.from(state.slice(0, dot), 'base64url').toString('utf8')) as {
      p?: unknown;
    };
    return payload.p === CONNECT_STAGE;
  } catch {
    return false;
  }
}

/**
 * The retry of a connect round: the state redeemed (once, for this tool and these arguments),
 * the person's answer read, and the connection awaited briefly. The arguments to send, or the
 * result when the person declined.
 */
export async function resumeAfterConnect(
  call: CallContext,
  tool: ToolRecord,
  modelArgs: Record<string, unknown>,
  params: Record<string, unknown>,
): Promise<{ args: Record<string, unknown> } | { result: Record<string, unknown> }> {
  const { filled } = await redeemState(
    call.ctx,
    params.requestState as string,
    `tool:${tool.uuid}`,
    modelArgs,
  );
  const responses = params.inputResponses;
  const answer =
    typeof responses === 'object' && responses !== null
      ? (responses as Record<string, unknown>)[CONNECT_KEY]
      : undefined;
  const action = (answer as { action?: unknown } | undefined)?.action;
  if (answer !== undefined && typeof action !== 'string')
    throw invalidParams(`inputResponses.${CONNECT_KEY} must be an elicitation result`);
  if (action === 'decline' || action === 'cancel')
    return {
      result: {
        content: [{ type: 'text', text: 'The account was not connected; nothing was sent.' }],
        isError: false,
      },
    };
  await awaitConnection(call);
  return { args: { ...modelArgs, ...filled } };
}

async function awaitConnection(call: CallContext): Promise<void> {
  const auth = perUserAuthOf(call.ctx, call.server);
  const userUuid = call.caller?.userUuid;
  if (!auth || !userUuid) return;
  const deadline = Date.now() + RETRY_WAIT_MS;
  while (!(await isConnected(call.ctx, userUuid, call.server, auth))) {
    if (Date.now() >= deadline || call.cancel?.signal.aborted) return;
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
}
