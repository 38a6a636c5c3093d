// @ts-check
/**
 * File serving confined to a root folder. Shared by the bookcore static routes and the demo server.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

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
