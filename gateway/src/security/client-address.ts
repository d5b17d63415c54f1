import type { Request } from 'express';
import ipaddr from 'ipaddr.js';

/**
 * The client's address as every per-address rule sees it: `req.ip`, which Express takes from
 * `X-Forwarded-For` only for the peers TRUST_PROXY names (by default nobody, so a forged header
 * changes nothing), with IPv4-mapped IPv6 (`::ffff:1.2.3.4`) read as IPv4.
 */
export function clientIp(req: Request): string {
  const raw = req.ip ?? req.socket.remoteAddress ?? '';
  try {
    return ipaddr.process(raw).toString();
  } catch {
    return raw || 'unknown';
  }
}

/**
 * The key per-address rate limits count under: an IPv4 address, or an IPv6 /64 (one customer's
 * network: a phone or a home gets a whole /64 and can pick any address inside it).
 */
export function clientRateKey(req: Request): string {
  return rateKeyOf(clientIp(req));
}

export function rateKeyOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}
