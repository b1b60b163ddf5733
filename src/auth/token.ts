// requirements §3, §5: a token is valid only with three dot-separated parts and a decodable payload;
// claims sub, exp (seconds) and an optional preferred_username.
import { jwtDecode } from 'jwt-decode';

export interface TokenClaims {
  sub: string;
  exp?: number;
  preferred_username?: string;
}

export type TokenState =
  | { state: 'none' }
  | { state: 'invalid' }
  | { state: 'expired'; claims: TokenClaims }
  | { state: 'valid'; claims: TokenClaims };

export function inspectToken(token: string | null | undefined, now = Date.now()): TokenState {
  if (!token) return { state: 'none' };
  if (token.split('.').length !== 3) return { state: 'invalid' };
  let claims: TokenClaims;
  try {
    claims = jwtDecode<TokenClaims>(token);
  } catch {
    return { state: 'invalid' };
  }
  if (!claims || typeof claims.sub !== 'string' || !claims.sub) return { state: 'invalid' };
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) return { state: 'expired', claims };
  return { state: 'valid', claims };
}
