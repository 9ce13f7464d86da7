import http from 'node:http';
import type { Socket } from 'node:net';
import { Codes, pickLanguage, type CodeName } from '@xunji/shared';
import type { FastifyInstance } from 'fastify';
import { failure } from './envelope.js';

interface ClientError extends Error {
  code?: string;
  /** The bytes Node was parsing when it gave up (a Buffer; Fastify's type says otherwise). */
  rawPacket?: unknown;
}

/** A request line that alone exceeds maxHeaderSize (Node counts the URL in the head). */
function requestLineTooLong(head: string): boolean {
  if (!/^[A-Z]+ /.test(head)) return false;
  const lineEnd = head.indexOf('\r\n');
  return lineEnd === -1 || lineEnd > http.maxHeaderSize;
}

function clientErrorCode(error: ClientError, head: string): CodeName {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return requestLineTooLong(head) ? 'URI_TOO_LONG' : 'HEADERS_TOO_LARGE';
  return 'BAD_REQUEST';
}

/**
 * Fastify's `clientErrorHandler`: Node refuses some requests before Fastify has one (a head over
 * maxHeaderSize, a request over the request timeout, bytes that are not HTTP). Their answers are
 * envelopes too, in the caller's language when its Accept-Language header arrived.
 */
export function answerClientError(this: FastifyInstance, error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'client error');
  const head = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  const codeName = clientErrorCode(error, head);
  const language = pickLanguage(/\r\naccept-language:([^\r\n]*)/i.exec(head)?.[1]);
  const body = JSON.stringify(failure(codeName, language));
  const status = Codes[codeName].http;
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
