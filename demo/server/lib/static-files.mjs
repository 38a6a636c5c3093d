// @ts-check
/**
 * File serving confined to a root folder. Shared by the bookcore static routes and the demo server.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * @param {string} filePath
 * @returns {string}
 */
export function contentTypeOf(filePath) {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL path (still percent-encoded) to a file path inside root, or null when it would escape the root
 * or is not a sane path at all (bad encoding, NUL, backslashes, dot segments).
 * @param {string} root absolute folder
 * @param {string} urlPath path below the root, e.g. "css/site.css"
 * @returns {string | null}
 */
export function resolveInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  const base = resolve(root);
  const target = resolve(base, `.${sep}${decoded}`);
  return target === base || target.startsWith(base + sep) ? target : null;
}

/**
 * @param {string} filePath
 * @returns {Promise<'file' | 'directory' | null>}
 */
export async function kindOf(filePath) {
  try {
    const info = await stat(filePath);
    if (info.isFile()) return 'file';
    return info.isDirectory() ? 'directory' : null;
  } catch {
    return null;
  }
}

/**
 * @param {string} filePath
 * @returns {Promise<Buffer | null>}
 */
export async function readIfFile(filePath) {
  if ((await kindOf(filePath)) !== 'file') return null;
  return readFile(filePath);
}

const COMPRESSIBLE = /^(?:text\/|application\/json|image\/svg\+xml)/;

/** @type {Map<string, { source: Buffer, gzip: Buffer }>} */
const gzipCache = new Map();

/**
 * The reply for a static file, gzip-compressed (level 9) when the request accepts gzip and the type is text, as a
 * hotel's web server sends its static assets: what a browser fetches then counts in compressed bytes, which is
 * what the benchmark measures (docs/development.md, "Size and speed"). The compressed body is kept per file until
 * the file changes.
 * @param {string | string[] | undefined} acceptEncoding the request's Accept-Encoding header
 * @param {string} filePath the file the body was read from (its type, and the cache key)
 * @param {Buffer} body the file's bytes
 * @returns {{ status: number, headers: Record<string, string>, body: Buffer }}
 */
export function staticFileReply(acceptEncoding, filePath, body) {
  const type = contentTypeOf(filePath);
  const accepted = String(acceptEncoding ?? '')
    .split(',')
    .some((coding) => {
      const [name, ...params] = coding.trim().toLowerCase().split(';');
      return (name === 'gzip' || name === '*') && !params.some((param) => /^\s*q=0(?:\.0*)?\s*$/.test(param));
    });
  if (!accepted || !COMPRESSIBLE.test(type)) return { status: 200, headers: { 'content-type': type, vary: 'accept-encoding' }, body };
  let cached = gzipCache.get(filePath);
  if (!cached || !cached.source.equals(body)) {
    cached = { source: body, gzip: gzipSync(body, { level: 9 }) };
    gzipCache.set(filePath, cached);
  }
  return { status: 200, headers: { 'content-type': type, 'content-encoding': 'gzip', vary: 'accept-encoding' }, body: cached.gzip };
}
