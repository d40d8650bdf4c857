import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./url-policy";

// The address rule alone; what a webhook URL may be (scheme, port, credentials, names
// that resolve to private addresses) is tested through HTTP in test/webhooks-url-policy.test.ts.
describe("isPublicAddress", () => {
  it.each(["93.184.216.34", "8.8.8.8", "2606:2800:220:1:248:1893:25c8:1946", "2a00:1450:4001:82a::200e"])(
    "accepts public unicast %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    ["loopback", "127.0.0.1"],
    ["private 10/8", "10.1.2.3"],
    ["private 172.16/12", "172.31.255.255"],
    ["private 192.168/16", "192.168.0.1"],
    ["link-local (cloud metadata)", "169.254.169.254"],
    ["CGNAT", "100.64.0.1"],
    ["unspecified", "0.0.0.0"],
    ["multicast", "224.0.0.1"],
    ["broadcast", "255.255.255.255"],
    ["IPv6 loopback", "::1"],
    ["IPv6 unspecified", "::"],
    ["IPv6 link-local", "fe80::1"],
    ["IPv6 unique local", "fd00::1"],
    ["IPv6 multicast", "ff02::1"],
    ["IPv4-mapped public", "::ffff:8.8.8.8"],
    ["IPv4-mapped private", "::ffff:127.0.0.1"],
    ["NAT64", "64:ff9b::808:808"],
    ["6to4", "2002:808:808::1"],
    ["Teredo", "2001:0:4136:e378:8000:63bf:a247:29dd"],
    ["documentation", "2001:db8::1"],
    ["not an address", "example.com"],
    ["empty", ""],
  ])("refuses %s (%s)", (_what, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
