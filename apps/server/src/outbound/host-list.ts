/**
 * Whether `hostname` is on a list of host names, where an entry `*.example.com` stands for any
 * subdomain of example.com (never example.com itself, nor a look-alike such as evilexample.com).
 * Compared lower-case; IPv6 literals without their brackets.
 */
export function isListedHost(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return hosts.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}
