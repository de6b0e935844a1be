/** Whether a device's request comes from one of its allowed address ranges (CIDR), with Node's own BlockList. */
import net from 'node:net';

/** A BlockList of the ranges, or the first range that is not one. */
export function addressRanges(cidrs: readonly string[]): { list: net.BlockList } | { bad: string } {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split('/') as [string, string | undefined];
    const type = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : undefined;
    if (!type) return { bad: cidr };
    const bits = prefix === undefined ? (type === 'ipv4' ? 32 : 128) : Number(prefix);
    if (!Number.isInteger(bits) || bits < 0 || bits > (type === 'ipv4' ? 32 : 128)) return { bad: cidr };
    list.addSubnet(address, bits, type);
  }
  return { list };
}

/** True when there are no ranges (anywhere), or the address is inside one; IPv4-mapped IPv6 addresses count as IPv4. */
export function addressAllowed(cidrs: readonly string[], address: string): boolean {
  if (!cidrs.length) return true;
  const ranges = addressRanges(cidrs);
  if ('bad' in ranges) return false;
  const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  return ranges.list.check(plain, net.isIPv4(plain) ? 'ipv4' : 'ipv6');
}
