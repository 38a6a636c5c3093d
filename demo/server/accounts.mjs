// @ts-check
/**
 * Loyalty members and their single-use e-mail tokens (sign-up validation and password recovery).
 * Passwords are stored as scrypt hashes even here: the dev server is the model other backends get copied from.
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

/**
 * @typedef {object} Member
 * @property {number} id
 * @property {string} email normalised to lower case
 * @property {string} nombre
 * @property {string} apellidos
 * @property {string | null} passwordHash null for members created through a social provider
 * @property {boolean} active false until the validation link is followed
 * @property {boolean} newsletter
 * @property {Record<string, string>} social provider → provider user id
 * @property {Record<string, string>} extra other sign-up fields, kept as posted
 */

/** @typedef {'validation' | 'recovery'} TokenPurpose */
/** @typedef {{ memberId: number, purpose: TokenPurpose, expiresAt: number, used: boolean }} TokenRecord */
/** @typedef {{ ok: true, member: Member, token: string } | { ok: false, expired: boolean }} TokenCheck */

/**
 * @param {string} password
 * @returns {Promise<string>}
 */
export function hashPassword(password) {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(formatHash(salt, key))));
  });
}

/**
 * @param {Buffer} salt
 * @param {Buffer} key
 */
function formatHash(salt, key) {
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * @param {string} password
 * @param {string | null} stored
 * @returns {Promise<boolean>}
 */
export function verifyPassword(password, stored) {
  const [scheme, salt, expected] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return Promise.resolve(false);
  const expectedKey = Buffer.from(expected, 'base64');
  return new Promise((resolve, reject) => {
    scrypt(password, Buffer.from(salt, 'base64'), expectedKey.length, (error, key) => {
      if (error) reject(error);
      else resolve(timingSafeEqual(key, expectedKey));
    });
  });
}

/** Seed hashes are computed once per process: reset() runs between tests and must stay fast. */
const seedHashes = new Map();

/** @param {string} password */
function seedHash(password) {
  if (!seedHashes.has(password)) {
    const salt = randomBytes(16);
    seedHashes.set(password, formatHash(salt, scryptSync(password, salt, KEY_LENGTH)));
  }
  return /** @type {string} */ (seedHashes.get(password));
}

/**
 * Django's urlsafe_base64_encode(pk).
 * @param {number} id
 */
export function uidOf(id) {
  return Buffer.from(String(id)).toString('base64url');
}

/**
 * The shape the widget reads (docs/bookcore-contract.md, `User`).
 * @param {Member} member
 */
export function toUser(member) {
  return {
    userName: member.email,
    email: member.email,
    nombre: member.nombre,
    apellidos: member.apellidos,
    info_personal: { nombre: member.nombre, apellidos: member.apellidos },
  };
}

/** @param {string} email */
export function normalizeEmail(email) {
  return email.trim().toLowerCase();
}

export class Accounts {
  /**
   * @param {() => number} now
   * @param {number} tokenTtlMs
   */
  constructor(now, tokenTtlMs) {
    this.now = now;
    this.tokenTtlMs = tokenTtlMs;
    /** @type {Map<number, Member>} */
    this.members = new Map();
    /** @type {Map<string, TokenRecord>} */
    this.tokens = new Map();
    this.nextId = 1;
  }

  /** @param {readonly import('./seed.mjs').SeedMember[]} seed */
  reset(seed) {
    this.members.clear();
    this.tokens.clear();
    this.nextId = 1;
    for (const { password, ...fields } of seed) {
      this.add({ ...fields, passwordHash: seedHash(password), newsletter: false, social: {}, extra: {} });
    }
  }

  /**
   * @param {Omit<Member, 'id'>} fields
   * @returns {Member}
   */
  add(fields) {
    const member = { ...fields, id: this.nextId++, email: normalizeEmail(fields.email) };
    this.members.set(member.id, member);
    return member;
  }

  /** @param {string} email */
  findByEmail(email) {
    const wanted = normalizeEmail(email);
    for (const member of this.members.values()) if (member.email === wanted) return member;
    return null;
  }

  /** @param {number} id */
  findById(id) {
    return this.members.get(id) ?? null;
  }

  /**
   * @param {Member} member
   * @param {TokenPurpose} purpose
   * @returns {{ uid: string, token: string }}
   */
  issueToken(member, purpose) {
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { memberId: member.id, purpose, expiresAt: this.now() + this.tokenTtlMs, used: false });
    return { uid: uidOf(member.id), token };
  }

  /**
   * Checks a uid+token pair without spending it. `expired` tells the widget to offer a new link
   * (PASS_RECOVERY_EXPIRED); it is true for tokens past their time or already used.
   * @param {string} uid
   * @param {string} token
   * @param {TokenPurpose} purpose
   * @returns {TokenCheck}
   */
  checkToken(uid, token, purpose) {
    const record = this.tokens.get(token);
    const member = record ? this.findById(record.memberId) : null;
    if (!record || !member || record.purpose !== purpose || uidOf(member.id) !== uid) return { ok: false, expired: false };
    if (record.used || record.expiresAt <= this.now()) return { ok: false, expired: true };
    return { ok: true, member, token };
  }

  /**
   * Spends a token and every other token of the same purpose for that member, as Django's token generator
   * does implicitly once the password or the active flag changes.
   * @param {string} token
   */
  consumeToken(token) {
    const spent = this.tokens.get(token);
    if (!spent) return;
    for (const record of this.tokens.values()) {
      if (record.memberId === spent.memberId && record.purpose === spent.purpose) record.used = true;
    }
  }
}
