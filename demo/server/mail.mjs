// @ts-check
/**
 * The dev mailbox: mails the server "sends" are kept in memory and shown at /__dev/mailbox, so flows that go
 * through an inbox (validation, password recovery) can be clicked through in the demo and followed in tests.
 */
import { escapeHtml } from './lib/http.mjs';

/**
 * @typedef {object} Mail
 * @property {number} id
 * @property {string} to
 * @property {string} subject
 * @property {'validation' | 'recovery'} kind
 * @property {string} text
 * @property {string[]} links absolute URLs on the origin the triggering request was sent to
 * @property {string} sentAt ISO time on the server clock
 */

export class Mailbox {
  /** @param {() => number} now */
  constructor(now) {
    this.now = now;
    /** @type {Mail[]} */
    this.mails = [];
  }

  /** @param {Omit<Mail, 'id' | 'sentAt'>} mail */
  send(mail) {
    this.mails.push({ ...mail, id: this.mails.length + 1, sentAt: new Date(this.now()).toISOString() });
  }

  clear() {
    this.mails = [];
  }
}

/**
 * Everything in a mail came from a request body, so every value is escaped and only http(s) links become anchors.
 * @param {Mail[]} mails
 */
export function renderMailbox(mails) {
  const rows = [...mails].reverse().map(renderMail).join('\n');
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<title>Dev mailbox (${mails.length})</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; }
  article { border: 1px solid #ccc; border-radius: 6px; margin: 1rem 0; padding: 0.5rem 1rem; }
  pre { white-space: pre-wrap; }
  .meta { color: #555; font-size: 0.9em; }
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p class="meta">${mails.length} mail(s), newest first. <a href="/__dev/mailbox.json">JSON</a></p>
${rows || '<p>No mail yet.</p>'}
</body>
</html>
`;
}

/** @param {Mail} mail */
function renderMail(mail) {
  const links = mail.links
    .filter((link) => /^https?:\/\//.test(link))
    .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
    .join('');
  return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">Para: ${escapeHtml(mail.to)} · ${escapeHtml(mail.sentAt)} · ${escapeHtml(mail.kind)}</p>
<pre>${escapeHtml(mail.text)}</pre>
<ul>${links}</ul>
</article>`;
}
