import { isListedHost } from '../outbound/host-list.ts';

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
  return isListedHost(hostname, allowedHosts);
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
  if (url.username !== '' || url.password !== '')
    return 'The push endpoint must not carry a user name or password.';
  if (!isAllowedPushHost(url.hostname, allowedHosts)) {
    return `The push endpoint's host (${url.hostname.slice(0, 100)}) is not a known push service.`;
  }
  return null;
}
