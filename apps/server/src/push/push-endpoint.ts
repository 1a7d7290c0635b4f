import { BlockList, isIP } from 'node:net';

/**
 * The push services of Chrome (FCM), Firefox (Mozilla autopush), Safari (Apple) and Edge (WNS):
 * `*.` allows any subdomain (WNS hands out regional hosts like wns2-par02p.notify.windows.com).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

/** A host list entry: a lower-case DNS name, optionally with a leading `*.`. */
export const PUSH_HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

export function isAllowedPushHost(hostname: string, allowedHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return allowedHosts.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/**
 * Why a subscription endpoint is refused, or null when it may be stored. Checked without any
 * network: an https URL on port 443 whose host is a known push service. The addresses behind the
 * host are checked when sending, on the connection itself (see push-transport.ts).
 */
export function endpointRefusal(endpoint: string, allowedHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a valid URL.';
  }
  if (url.protocol !== 'https:') return 'The push endpoint must be an https:// URL.';
  // WHATWG URL drops the scheme's default port, so an empty port is 443.
  if (url.port !== '') return 'The push endpoint must use port 443.';
  if (url.username !== '' || url.password !== '') return 'The push endpoint must not carry a user name or password.';
  if (!isAllowedPushHost(url.hostname, allowedHosts)) {
    return `The push endpoint's host (${url.hostname.slice(0, 100)}) is not a known push service.`;
  }
  return null;
}

const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: would reach whatever IPv4 address it embeds
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4: embeds an IPv4 address too
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` is a public unicast address (not loopback, private, link-local, metadata, …). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] !== undefined) return isPublicAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return false;
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
