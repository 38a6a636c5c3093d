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
 * @property {string} at when it arrived (ISO 8601)
 * @property {number | 'aborted'} [status] the answer's status once sent, `aborted` when the client went first
 * @property {number} [ms] milliseconds from arrival to the answer's end
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
   * @param {import('node:http').ServerResponse} [res] its answer, whose status and time the entry then gets (a
   *   failing end-to-end test lists the last requests with them)
   * @returns {RecordedRequest} the entry, which {@link RequestLog.keep} can show in another log too
   */
  record(req, url, body, res) {
    /** @type {Record<string, string>} */
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const arrived = Date.now();
    /** @type {RecordedRequest} */
    const entry = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      search: url.search,
      headers,
      body: body.toString('utf8'),
      contentType: mediaType(req.headers['content-type']),
      at: new Date(arrived).toISOString(),
    };
    res?.once('close', () => {
      entry.status = res.writableFinished ? res.statusCode : 'aborted';
      entry.ms = Date.now() - arrived;
    });
    this.keep(entry);
    return entry;
  }

  /**
   * Adds an entry another log recorded (the same object, so its status and time arrive in both).
   * @param {RecordedRequest} entry
   */
  keep(entry) {
    this.entries.push(entry);
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
