// @ts-check
/**
 * Request bodies: read once as raw bytes (the request log wants the exact text), then decoded the way
 * Django fills request.POST: url-encoded or multipart form fields, the last value of a repeated name winning.
 */
import { URLSearchParams } from 'node:url';
import { mediaType } from './http.mjs';

export class BodyTooLargeError extends Error {}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limitBytes
 * @returns {Promise<Buffer>}
 */
export async function readBody(req, limitBytes) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limitBytes) throw new BodyTooLargeError(`body larger than ${limitBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * @param {Buffer} body
 * @param {string | undefined} contentType
 * @returns {Record<string, string>}
 */
export function parseForm(body, contentType) {
  const type = mediaType(contentType);
  if (type === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
  }
  if (type === 'multipart/form-data') {
    const boundary = boundaryOf(contentType ?? '');
    return boundary ? parseMultipart(body, boundary) : {};
  }
  return {};
}

/**
 * @param {string} contentType
 * @returns {string | null}
 */
function boundaryOf(contentType) {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

/**
 * Text fields only: the widget never uploads files, so a file part is kept as its decoded content.
 * Works on latin1 strings so that byte offsets survive, then decodes each value as UTF-8.
 * @param {Buffer} body
 * @param {string} boundary
 * @returns {Record<string, string>}
 */
export function parseMultipart(body, boundary) {
  /** @type {Record<string, string>} */
  const fields = {};
  const parts = body.toString('latin1').split(`--${boundary}`);
  // parts[0] is the preamble; the part after the closing delimiter starts with "--".
  for (const part of parts.slice(1)) {
    if (part.startsWith('--')) break;
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = part.slice(0, headerEnd);
    const name = /content-disposition:[^\r\n]*;\s*name="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined) continue;
    const value = part.slice(headerEnd + 4).replace(/\r\n$/, '');
    fields[Buffer.from(name, 'latin1').toString('utf8')] = Buffer.from(value, 'latin1').toString('utf8');
  }
  return fields;
}
