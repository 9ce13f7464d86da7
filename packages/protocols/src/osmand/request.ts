import { bytesText, hexToBytes } from '../common/bytes.js';
import { DecodeError } from '../types.js';

/** What an OsmAnd request carries: the query string of its target and its body. */
export interface OsmAndRequest {
  query: string;
  body: string;
}

const HEX_DUMP = /^(?:[0-9a-f]{2}\s*)+$/i;
const REQUEST_LINE = /^(?:GET|POST|PUT|PATCH|HEAD|DELETE|OPTIONS) (.+?)(?: HTTP\/\d(?:\.\d)?)?$/;
const BLANK_LINE = /\r?\n\r?\n/;
const SPACES = /\s+/g;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const CHUNKED = /^transfer-encoding:.*\bchunked\b/im;

/** The query string of a request target or URL (`/path?a=1#x` → `a=1`), empty without one. */
function queryOf(target: string): string {
  const start = target.indexOf('?');
  if (start < 0) return '';
  const end = target.indexOf('#', start);
  return target.slice(start + 1, end < 0 ? undefined : end);
}

/** A chunked body as sent: `<size hex>[;ext]\r\n<data>\r\n` … `0` (its trailer may be trimmed). */
function dechunk(body: string): string {
  let data = '';
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\n', at);
    const size = parseInt(body.slice(at, lineEnd < 0 ? undefined : lineEnd), 16);
    if (Number.isNaN(size)) throw new DecodeError('a chunk without its size');
    if (size === 0) return data;
    if (lineEnd < 0 || lineEnd + 1 + size > body.length)
      throw new DecodeError('a chunked body cut short');
    data += body.slice(lineEnd + 1, lineEnd + 1 + size);
    at = body.indexOf('\n', lineEnd + 1 + size) + 1;
    if (at === 0) throw new DecodeError('a chunked body cut short');
  }
}

/** A whole HTTP request: request line, headers, blank line, body. */
function httpRequest(text: string, lineEnd: number): OsmAndRequest {
  const requestLine = REQUEST_LINE.exec(text.slice(0, lineEnd).trimEnd());
  if (!requestLine) throw new DecodeError('not an HTTP request line');
  const blank = BLANK_LINE.exec(text);
  const head = blank ? text.slice(0, blank.index) : text;
  const body = blank ? text.slice(blank.index + blank[0].length) : '';
  return {
    query: queryOf(requestLine[1]!),
    body: CHUNKED.test(head) ? dechunk(body) : body.trim(),
  };
}

/**
 * An OsmAnd request in any form it is given: a JSON body, a query string (with or without `/?` or
 * `?`), a full URL, a request line (`GET /?… HTTP/1.1`), a whole HTTP request with headers and
 * body, or the hex dump of one as Traccar logs it.
 */
export function requestOf(text: string): OsmAndRequest {
  const first = text[0];
  if (first === '{' || first === '[') return { query: '', body: text };
  if (!text.includes('=') && HEX_DUMP.test(text)) {
    return requestOf(bytesText(hexToBytes(text.replace(SPACES, ''))).trim());
  }
  const lineEnd = text.indexOf('\n');
  const firstLine = lineEnd < 0 ? text : text.slice(0, lineEnd);
  if (REQUEST_LINE.test(firstLine.trimEnd()))
    return httpRequest(text, lineEnd < 0 ? text.length : lineEnd);
  if (URL_SCHEME.test(text) || first === '/' || text.includes('?'))
    return { query: queryOf(text), body: '' };
  return { query: text, body: '' };
}
