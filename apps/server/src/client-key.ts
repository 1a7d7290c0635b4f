import { isIPv6 } from 'node:net';

/**
 * The key a per-client limit counts under. An IPv4 address is one client; an IPv6 client usually
 * holds a whole /64 and can pick a fresh address from it for every request, so IPv6 addresses count
 * by their /64. IPv4-mapped IPv6 (::ffff:203.0.113.9, a dual-stack socket) counts as the IPv4 address.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]?.split('::') ?? [];
  const front = head === '' ? [] : head.split(':');
  const back = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
