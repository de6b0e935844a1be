/** Session tokens: HS256 JWTs, algorithm pinned on verify, always with an expiry. */
import fs from 'node:fs';
import path from 'node:path';
import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_TTL_SECONDS } from '../../shared/constants';
import type { TokenPayload } from '../../shared/schemas/auth';

export interface TokenService {
  /** Signs a session token; each gets its own `jti`, which POST /api/auth/logout revokes. */
  sign(payload: Omit<TokenPayload, 'iat' | 'exp' | 'jti'>): Promise<string>;
  /** Resolves the payload, or rejects for anything not signed by us with HS256 and unexpired. */
  verify(token: string): Promise<TokenPayload>;
}

// Tokens whose signature was already checked, so each token's HMAC is computed once, not on every call.
// Bounded: the oldest entry goes first. Revocation does not depend on it: the guard still reads the
// account (active, token version, logged-out jti) on every call, and expiry is checked on every hit.
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(secret: string, ttlSeconds = TOKEN_TTL_SECONDS): TokenService {
  // One KeyObject for the process: jose would otherwise import the raw secret on every verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const verified = new Map<string, TokenPayload>();
  return {
    sign: (payload) =>
      new SignJWT({ ...payload })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known && (known.exp ?? 0) > Date.now() / 1000) return known;
      verified.delete(token);
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, payload as unknown as TokenPayload);
      return payload as unknown as TokenPayload;
    },
  };
}

/** JWT_SECRET from the environment, else one generated on first start and kept in DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    // 'wx' fails if another process won the race; then read what it wrote.
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}
