// The line server/main.ts prints once the server listens: the public origin, and the address the server
// really listens on, read from the server itself (issue 37: not the configuration's default, which named
// 127.0.0.1 whatever HOST said).
import type { AddressInfo } from 'node:net';
import type { Config } from './config.ts';

const EVERY_INTERFACE = ['0.0.0.0', '::'];

/** A listening address as a URL (IPv6 bracketed), saying so when it is every interface; a pipe as is. */
export function listenUrl(address: AddressInfo | string | null): string {
  if (address === null) return 'an unknown address';
  if (typeof address === 'string') return address;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const every = EVERY_INTERFACE.includes(address.address) ? ' (every interface)' : '';
  return `http://${host}:${address.port}${every}`;
}

export const readyLine = (
  config: Pick<Config, 'production' | 'publicOrigin'>,
  address: AddressInfo | string | null,
): string =>
  `${config.production ? 'Serving' : 'Storefront ready'} at ${config.publicOrigin} (listening on ${listenUrl(address)})`;
