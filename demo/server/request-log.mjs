// @ts-check
/**
 * Records every API request as the server received it, so browser-side client tests can assert on the exact
 * method, headers and body that left the page.
 */
import { pathMatches } from './faults.mjs';
import { mediaType } from './lib/http.mjs';

/**
 * @typedef {object} RecordedRequest
 * @property {string} method
 * @property {string} path
 * @property {Record<string, string>} query decoded parameters, the last value of a repeated name winning
 * @property {string} search the raw query string including "?", or ""
 * @property {Record<string, string>} headers lower-cased names
 * @property {string} body raw body as UTF-8 text
 * @property {string | null} contentType media type without parameters
 */

export class RequestLog {
  /** @param {number} limit oldest entries are dropped beyond it */
  constructor(limit) {
    this.limit = limit;
    /** @type {RecordedRequest[]} */
    this.entries = [];
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {URL} url
   * @param {Buffer} body
   */
  record(req, url, body) {
    /** @type {Record<string, string>} */
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    this.entries.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      search: url.search,
      headers,
      body: body.toString('utf8'),
      contentType: mediaType(req.headers['content-type']),
    });
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
  }

  /** @param {string | null} pathFilter exact path, or a prefix ending with "*"; null for all */
  list(pathFilter) {
    return pathFilter ? this.entries.filter((entry) => pathMatches(pathFilter, entry.path)) : this.entries;
  }

  clear() {
    this.entries = [];
  }
}
