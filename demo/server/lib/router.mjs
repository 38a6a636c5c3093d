// @ts-check
/**
 * A minimal router. Templates use `:name` for one path segment. A template ending in "/" requires the
 * slash (Django style); one without it accepts an optional trailing slash (the /m2/ajax paths are written
 * both ways by callers).
 */

/**
 * @template Handler
 * @typedef {{ method: string, pattern: RegExp, handler: Handler }} Route
 */

/**
 * @template Handler
 * @typedef {{ handler: Handler, params: Record<string, string> } | { allowed: string[] } | null} Match
 */

/**
 * @template Handler
 * @param {string} method
 * @param {string} template
 * @param {Handler} handler
 * @returns {Route<Handler>}
 */
export function route(method, template, handler) {
  const source = template
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  const pattern = new RegExp(`^${source}${template.endsWith('/') ? '' : '/?'}$`);
  return { method, pattern, handler };
}

/**
 * @template Handler
 * @param {Route<Handler>[]} routes
 * @param {string} method
 * @param {string} pathname
 * @returns {Match<Handler>}
 */
export function matchRoute(routes, method, pathname) {
  /** @type {string[]} */
  const allowed = [];
  for (const candidate of routes) {
    const found = candidate.pattern.exec(pathname);
    if (!found) continue;
    if (candidate.method === method) {
      /** @type {Record<string, string>} */
      const params = {};
      for (const [name, value] of Object.entries(found.groups ?? {})) params[name] = decodeSegment(value);
      return { handler: candidate.handler, params };
    }
    allowed.push(candidate.method);
  }
  return allowed.length > 0 ? { allowed } : null;
}

/**
 * @param {string} value
 * @returns {string}
 */
function decodeSegment(value) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
