import { Codes, type CodeName } from '@xunji/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { failure } from './envelope.js';
import { requestLanguage } from './request-context.js';
import { fieldErrorMessage } from './validation.js';

/** Fastify's own failures (URL, body parsing, size) as the codes of our table. */
function frameworkCode(error: FastifyError): CodeName | undefined {
  if (error.statusCode === 413) return 'BODY_TOO_LARGE';
  // A path parameter longer than maxParamLength (FST_ERR_MAX_PARAM_LENGTH).
  if (error.statusCode === 414) return 'URI_TOO_LONG';
  if (error.statusCode === 415) return 'UNSUPPORTED_MEDIA';
  if (error.code === 'FST_ERR_BAD_URL') return 'BAD_REQUEST';
  if (error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError) return 'BAD_JSON';
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
    return 'VALIDATION';
  return undefined;
}

/** Every failure answers with the envelope, never an HTML page or a bare 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = request.language ?? requestLanguage(request);
    if (error instanceof AppError) {
      // A vendor's outage answers the caller in words; what the vendor said goes to the log.
      if (Codes[error.codeName].http >= 500 && error.cause !== undefined)
        request.log.warn({ err: error.cause }, error.codeName);
      return reply
        .status(Codes[error.codeName].http)
        .send(
          failure(
            error.codeName,
            language,
            error.data,
            error.detail ?? fieldErrorMessage(error, language),
          ),
        );
    }
    const known = frameworkCode(error);
    if (known) return reply.status(Codes[known].http).send(failure(known, language));
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('SYSTEM_ERROR', language));
  });
}

/**
 * Fastify's `frameworkErrors`: the URL failures it finds before routing (a malformed escape,
 * a parameter over maxParamLength), which would otherwise answer with Fastify's own JSON.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const codeName = frameworkCode(error) ?? 'SYSTEM_ERROR';
  void reply.status(Codes[codeName].http).send(failure(codeName, requestLanguage(request)));
}
