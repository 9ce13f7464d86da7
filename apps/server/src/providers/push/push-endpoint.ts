import net from 'node:net';

/**
 * Loopback, private, link-local, carrier-grade NAT, unique-local, multicast and reserved ranges,
 * and the IPv6 forms that carry an IPv4 address (NAT64, 6to4, IPv4-compatible): no push service
 * lives there. IPv4-mapped IPv6 addresses are checked against the IPv4 ranges by `BlockList`.
 */
const PRIVATE = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 96],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv6');

const INTERNAL_NAME = /(^|\.)(localhost|local|internal|lan|home\.arpa)$/i;

/**
 * Whether the server may post alarms to this push endpoint in production: https, and a host that
 * is not the server's own network (a subscription is the user's input: the server must not be made
 * to post into its private network). A name that resolves to a private address later is not
 * caught here; push services are public hosts of the browser vendors.
 */
export function isPublicPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  // `localhost.` is `localhost` to the resolver: the fully qualified form must not slip through.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '');
  const family = net.isIP(host);
  if (family === 0) return !INTERNAL_NAME.test(host) && host.includes('.');
  return !PRIVATE.check(host, family === 4 ? 'ipv4' : 'ipv6');
}
