// @ts-check
/**
 * Fault injection for tests: a matching request is delayed, answered with a canned status and body, left
 * hanging, or has its connection destroyed.
 */
import { sleep } from './lib/http.mjs';

/**
 * @typedef {object} Fault
 * @property {string} path exact pathname, or a prefix when it ends with "*"
 * @property {string | null} method upper-cased; null matches any method
 * @property {number | null} status
 * @property {unknown} body a string is sent as is (malformed bodies); anything else as JSON
 * @property {string | null} contentType
 * @property {string | null} location a Location header (a redirect test)
 * @property {Record<string, string>} headers further response headers (an integrator's CSRF failure view's signal)
 * @property {number} delayMs
 * @property {boolean} hang
 * @property {boolean} drop
 * @property {number} remaining how many more requests it applies to
 */

/**
 * @param {string} pattern
 * @param {string} pathname
 */
export function pathMatches(pattern, pathname) {
  return pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
}

/**
 * @param {unknown} input the posted JSON
 * @returns {{ ok: true, fault: Fault } | { ok: false, error: string }}
 */
export function parseFault(input) {
  if (typeof input !== 'object' || input === null) return { ok: false, error: 'expected a JSON object' };
  const spec = /** @type {Record<string, unknown>} */ (input);
  if (typeof spec.path !== 'string' || !spec.path.startsWith('/')) return { ok: false, error: 'path must start with "/"' };
  if (spec.method !== undefined && typeof spec.method !== 'string') return { ok: false, error: 'method must be a string' };
  if (spec.status !== undefined && !(Number.isInteger(spec.status) && Number(spec.status) >= 100 && Number(spec.status) <= 599)) {
    return { ok: false, error: 'status must be an HTTP status code' };
  }
  if (spec.contentType !== undefined && typeof spec.contentType !== 'string') return { ok: false, error: 'contentType must be a string' };
  if (spec.location !== undefined && typeof spec.location !== 'string') return { ok: false, error: 'location must be a string' };
  if (spec.headers !== undefined && !isHeaderSet(spec.headers)) {
    return { ok: false, error: 'headers must be an object of header names to texts' };
  }
  if (spec.delayMs !== undefined && !(typeof spec.delayMs === 'number' && spec.delayMs >= 0 && spec.delayMs <= 60_000)) {
    return { ok: false, error: 'delayMs must be a number between 0 and 60000' };
  }
  if (spec.times !== undefined && !(Number.isInteger(spec.times) && Number(spec.times) > 0)) {
    return { ok: false, error: 'times must be a positive integer' };
  }
  return {
    ok: true,
    fault: {
      path: spec.path,
      method: typeof spec.method === 'string' ? spec.method.toUpperCase() : null,
      status: typeof spec.status === 'number' ? spec.status : null,
      body: spec.body,
      contentType: typeof spec.contentType === 'string' ? spec.contentType : null,
      location: typeof spec.location === 'string' ? spec.location : null,
      headers: spec.headers === undefined ? {} : { .../** @type {Record<string, string>} */ (spec.headers) },
      delayMs: typeof spec.delayMs === 'number' ? spec.delayMs : 0,
      hang: spec.hang === true,
      drop: spec.drop === true,
      remaining: typeof spec.times === 'number' ? spec.times : Infinity,
    },
  };
}

export class Faults {
  constructor() {
    /** @type {Fault[]} */
    this.active = [];
  }

  /** @param {Fault} fault */
  add(fault) {
    this.active.push(fault);
  }

  clear() {
    this.active = [];
  }

  /**
   * Finds the fault for a request and counts it as used. The newest matching fault wins, so a test can
   * override a broader one it registered earlier.
   * @param {string} method
   * @param {string} pathname
   * @returns {Fault | null}
   */
  take(method, pathname) {
    for (let index = this.active.length - 1; index >= 0; index--) {
      const fault = this.active[index];
      if (fault.method !== null && fault.method !== method) continue;
      if (!pathMatches(fault.path, pathname)) continue;
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.active.splice(index, 1);
      return fault;
    }
    return null;
  }
}

/**
 * @param {Fault} fault
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {Set<import('node:http').ServerResponse>} hanging responses left open, released by reset()
 * @returns {Promise<boolean>} false when the fault only delays and the request should be served normally
 */
export async function applyFault(fault, req, res, hanging) {
  if (fault.delayMs > 0) await sleep(fault.delayMs);
  if (fault.drop) {
    req.socket.destroy();
    return true;
  }
  if (fault.hang) {
    hanging.add(res);
    res.on('close', () => hanging.delete(res));
    return true;
  }
  if (fault.status === null && fault.body === undefined) return false;

  const body = fault.body === undefined ? JSON.stringify({ detail: `Injected fault (${fault.status})` }) : serializeBody(fault.body);
  res.statusCode = fault.status ?? 200;
  res.setHeader('content-type', fault.contentType ?? 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  if (fault.location !== null) res.setHeader('location', fault.location);
  for (const [name, value] of Object.entries(fault.headers)) res.setHeader(name, value);
  res.end(body);
  return true;
}

// A header name is an RFC 9110 token and its value printable text: anything else would make Node throw mid-answer.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/;
const HEADER_VALUE = /^[\x20-\x7e]{0,512}$/;

/** @param {unknown} headers */
function isHeaderSet(headers) {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return false;
  return Object.entries(headers).every(([name, value]) => HEADER_NAME.test(name) && typeof value === 'string' && HEADER_VALUE.test(value));
}

/** @param {unknown} body */
function serializeBody(body) {
  return typeof body === 'string' ? body : JSON.stringify(body);
}
