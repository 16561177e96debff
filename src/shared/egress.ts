import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * Egress policy shared by tool calls (executor) and import-by-URL fetches (importers): which
 * addresses are off the public Internet, and a socket `lookup` that refuses them.
 */

/*
 * Loopback, private (RFC 1918, ULA), link-local (incl. the 169.254.169.254 metadata address),
 * carrier-grade NAT, benchmarking, multicast and reserved ranges: everything that is not the
 * public Internet.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for an address that is not on the public Internet (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(ip, 'ipv6');
}

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
