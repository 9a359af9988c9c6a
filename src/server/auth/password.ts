import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost parameters: CPU/memory cost N (a power of two), block size r, parallelism p. */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt setting for 32 MiB of memory (N=2^15, r=8, p=3). Each hash records its own
 * parameters, so raising this later leaves existing passwords valid.
 */
export const DEFAULT_PASSWORD_COST: PasswordCost = { N: 32_768, r: 8, p: 3 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, cost: PasswordCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function parse(stored: string | null): { cost: PasswordCost; salt: Buffer; hash: Buffer } | null {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const valid = Number.isInteger(Math.log2(N)) && N <= 2 ** 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16;
  return valid ? { cost: { N, r, p }, salt: Buffer.from(parts[4]!, 'base64url'), hash: Buffer.from(parts[5]!, 'base64url') } : null;
}

/** Hashes a password with a fresh salt: `scrypt$N$r$p$salt$hash` (base64url salt and hash). */
export async function hashPassword(password: string, cost: PasswordCost = DEFAULT_PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Whether `password` matches `stored` (a hashPassword result). A missing or malformed hash is
 * false after the same work at `cost`, so a missing account cannot be told apart by timing.
 */
export async function verifyPassword(password: string, stored: string | null, cost: PasswordCost = DEFAULT_PASSWORD_COST): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) {
    await derive(password, randomBytes(SALT_LENGTH), cost);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.cost);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}
