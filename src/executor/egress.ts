import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from '../shared/ip-policy.ts';

export { isPrivateAddress };

/** Error code of a connection refused by the egress policy (never retried). */
export const EGRESS_DENIED = 'ETOOLGATE_EGRESS_DENIED';

function denied(host: string, address: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(
    `egress denied: ${host} resolves to the private or loopback address ${address}`,
  );
  err.code = EGRESS_DENIED;
  return err;
}

/** The refusal for a literal IP host (DNS lookup is skipped for those), or null. */
export function checkLiteralHost(hostname: string): NodeJS.ErrnoException | null {
  const ip = hostname.replace(/^\[|\]$/g, '');
  return isIP(ip) && isPrivateAddress(ip) ? denied(hostname, ip) : null;
}

/**
 * A `lookup` for net.connect that refuses private addresses. Checking the address the socket
 * actually connects to (not a separate resolution beforehand) closes the DNS-rebinding gap.
 */
export function createEgressLookup(): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err);
      const bad = addresses.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(denied(hostname, bad.address));
      if (options?.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }));
      return callback(null, first.address, first.family);
    });
  }) as unknown as LookupFunction;
}
