import { isIPv4, isIPv6 } from 'node:net';
import { HttpError } from '../http/errors.js';
import type { Limit, LimitedKey } from './rate-limiter.js';

/** How many sign-in and sign-up attempts are allowed, per client address and per account. */
export interface AuthLimits {
  /** Failed sign-ins for one email from one client address. */
  signInPerAddressAndEmail: Limit;
  /** Failed sign-ins for one email from any address: many addresses cannot share out the guessing. */
  signInPerEmail: Limit;
  /** Failed sign-ins from one client address, whatever the email. */
  signInPerAddress: Limit;
  /** Sign-up attempts from one client address (each one hashes a password, which is costly). */
  signUpPerAddress: Limit;
  /** Sign-up attempts from one client address within a minute: a burst of them would hold up everyone's sign-in behind its hashing. */
  signUpBurstPerAddress: Limit;
  /** Sign-up attempts with one email from any address (an existing account's owner gets a mail for each). */
  signUpPerEmail: Limit;
  /** Asks for a link to choose a new password from one client address, whatever the email. */
  passwordResetPerAddress: Limit;
  /** Asks for a link for one email from any address (its owner gets a mail for each). */
  passwordResetPerEmail: Limit;
  /** Invitations one admin sends (each mails someone who has no account here). */
  invitationsPerInviter: Limit;
  /** Invitations to one email from anyone (its owner gets a mail for each). */
  invitationsPerEmail: Limit;
}

const MINUTE = 60_000;

/** The limits a server runs with. */
export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInPerAddressAndEmail: { max: 10, windowMs: 15 * MINUTE },
  signInPerEmail: { max: 20, windowMs: 15 * MINUTE },
  signInPerAddress: { max: 100, windowMs: 15 * MINUTE },
  signUpPerAddress: { max: 20, windowMs: 60 * MINUTE },
  signUpBurstPerAddress: { max: 5, windowMs: MINUTE },
  signUpPerEmail: { max: 5, windowMs: 60 * MINUTE },
  passwordResetPerAddress: { max: 20, windowMs: 60 * MINUTE },
  passwordResetPerEmail: { max: 5, windowMs: 60 * MINUTE },
  invitationsPerInviter: { max: 50, windowMs: 60 * MINUTE },
  invitationsPerEmail: { max: 5, windowMs: 60 * MINUTE },
};

/**
 * The network a per-address limit counts: the IPv4 address itself, or an IPv6 address's /64
 * (one host is usually given a whole /64 and may use any address in it). IPv4-mapped IPv6
 * addresses count as their IPv4 address.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::a.b.c.d) takes two groups; only the first four groups matter here.
  const rightGroups = right.flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - rightGroups.length).fill('0'), ...rightGroups] : left;
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/** The counters one sign-in attempt takes from. */
export function signInKeys(limits: AuthLimits, ip: string, email: string): { perAddressAndEmail: LimitedKey; perEmail: LimitedKey; perAddress: LimitedKey } {
  const network = clientNetwork(ip);
  return {
    perAddressAndEmail: { key: `sign-in:address+email:${network}|${email}`, limit: limits.signInPerAddressAndEmail },
    perEmail: { key: `sign-in:email:${email}`, limit: limits.signInPerEmail },
    perAddress: { key: `sign-in:address:${network}`, limit: limits.signInPerAddress },
  };
}

/** The counters one sign-up attempt takes from. */
export function signUpKeys(limits: AuthLimits, ip: string, email: string): LimitedKey[] {
  const network = clientNetwork(ip);
  return [
    { key: `sign-up:address:${network}`, limit: limits.signUpPerAddress },
    { key: `sign-up:address-burst:${network}`, limit: limits.signUpBurstPerAddress },
    { key: `sign-up:email:${email}`, limit: limits.signUpPerEmail },
  ];
}

/** The counters one ask for a link to choose a new password takes from. */
export function passwordResetKeys(limits: AuthLimits, ip: string, email: string): LimitedKey[] {
  return [
    { key: `password-reset:address:${clientNetwork(ip)}`, limit: limits.passwordResetPerAddress },
    { key: `password-reset:email:${email}`, limit: limits.passwordResetPerEmail },
  ];
}

/** The counters one invitation takes from. */
export function invitationKeys(limits: AuthLimits, inviterId: string, email: string): LimitedKey[] {
  return [
    { key: `invitation:inviter:${inviterId}`, limit: limits.invitationsPerInviter },
    { key: `invitation:email:${email}`, limit: limits.invitationsPerEmail },
  ];
}

/** 429 with Retry-After: "Too many sign-in attempts. Please try again in 15 minutes." */
export function tooManyAttempts(action: 'sign-in' | 'sign-up' | 'password reset' | 'password change' | 'invitation', retryAfterSeconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new HttpError(429, `Too many ${action} attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}
