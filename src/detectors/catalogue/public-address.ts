import { BlockList, isIP } from "node:net";

/** Address ranges a server must never be made to call: private, loopback, link-local, reserved. */
function privateRanges(): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["224.0.0.0", 4],
    ["240.0.0.0", 4],
  ] as const)
    list.addSubnet(net, prefix, "ipv4");
  for (const [net, prefix] of [
    ["::", 128],
    ["::1", 128],
    ["fc00::", 7],
    ["fe80::", 10],
    ["ff00::", 8],
    ["64:ff9b::", 96],
  ] as const)
    list.addSubnet(net, prefix, "ipv6");
  return list;
}

/**
 * Make a check that tells whether an IP address is private, loopback, link-local or reserved
 * (an IPv4-mapped IPv6 address is judged by its IPv4 part). Anything that is not an IP is blocked.
 *
 * @example
 * const blocked = createPrivateAddressCheck();
 * blocked("10.1.2.3"); // true
 */
export function createPrivateAddressCheck(): (address: string) => boolean {
  const list = privateRanges();
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const ip = mapped ? mapped[1]! : address;
    const family = isIP(ip);
    if (family === 0) return true;
    return list.check(ip, family === 4 ? "ipv4" : "ipv6");
  };
}
