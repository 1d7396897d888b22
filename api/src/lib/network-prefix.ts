import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address belongs to: its IPv4 /24 (`203.0.113`) or IPv6 /48 (`2001:db8:1`), the blocks a
 * single party typically holds whole (a home router's range, a cloud account's allocation). An IPv4 address
 * written as IPv6 (`::ffff:203.0.113.7`) is the IPv4 one. Anything else is returned as it is.
 */
export function networkPrefix(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ipv4 = mapped ?? address;
  if (isIPv4(ipv4)) return ipv4.split('.').slice(0, 3).join('.');
  const ipv6 = address.replace(/%.*$/, '');
  if (!isIPv6(ipv6)) return address;
  // `::` stands for at least one zero group, so the groups before it, then zeros, begin the address.
  const head = ipv6.split('::')[0]!;
  const groups = [...(head === '' ? [] : head.split(':')), '0', '0', '0'];
  return groups
    .slice(0, 3)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':');
}
