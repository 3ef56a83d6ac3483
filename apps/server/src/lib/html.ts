import type sanitizeHtml from 'sanitize-html';
import { onFirstUse } from './on-first-use.ts';

/**
 * The allow-list for the rich text of e-mail templates: ordinary formatting (what the editor's
 * toolbar makes) survives; scripts, event handlers, styles beyond a few text properties and
 * links other than http(s)/mailto/tel are dropped.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'div',
    'br',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'a',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'pre',
    'code',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^[a-z\s-]+$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open outside the e-mail client's frame without handing it the opener.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target ? { rel: 'noopener noreferrer' } : {}) },
    }),
  },
};

/** sanitize-html (with its HTML and CSS parsers, about 9 MB of the process's memory) loads on first use. */
const loadSanitizer = onFirstUse(() => import('sanitize-html').then((m) => m.default));

export async function sanitizeRichText(html: string): Promise<string> {
  return (await loadSanitizer())(html, options).trim();
}

/** Text made safe to place inside HTML (element content or a quoted attribute). */
export const escapeHtml = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
