import {
  RENEWED_TOKEN_HEADER,
  type CallDefinition,
  type CallParsed,
  type CallResponse,
} from '@xunji/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { JsonText } from '../json-text.js';
import type { TokenService } from '../services/token.service.js';
import { success, successJson } from './envelope.js';
import { parseInput } from './validation.js';

export interface Caller {
  userId: number;
  sessionId: string;
}

export interface CallContext {
  request: FastifyRequest;
  reply: FastifyReply;
  applicationId: number;
  /** The signed-in user; present on every call whose contract says auth 'user'. */
  caller: Caller;
}

type Handler<T extends CallDefinition> = (
  input: CallParsed<T>,
  context: CallContext,
) =>
  | Promise<CallResponse<T> | JsonText<CallResponse<T>>>
  | CallResponse<T>
  | JsonText<CallResponse<T>>;

const PARTS = ['params', 'query', 'body'] as const;

/**
 * Registers one call of the shared contract: checks the token when the call needs one, parses
 * params/query/body with the contract's zod schemas, and wraps the answer in the envelope.
 */
export function createCallRegistrar(
  app: FastifyInstance,
  tokens: TokenService,
  checkOutput: boolean,
) {
  return function registerCall<T extends CallDefinition>(call: T, handler: Handler<T>): void {
    app.route({
      method: call.method,
      url: call.path,
      handler: async (request, reply) => {
        const caller =
          call.auth === 'user' ? await authenticate(request, reply, tokens) : undefined;
        const input: Record<string, unknown> = {};
        for (const part of PARTS) {
          const schema = call[part];
          if (!schema) continue;
          const raw = request[part] ?? (part === 'body' ? {} : undefined);
          input[part] = parseInput(schema, raw, part, request.language);
        }
        const data = await handler(input as CallParsed<T>, {
          request,
          reply,
          applicationId: request.application.id,
          caller: caller ?? { userId: 0, sessionId: '' },
        });
        if (data instanceof JsonText) {
          if (checkOutput) call.response.parse(JSON.parse(data.text));
          reply.type('application/json; charset=utf-8');
          return successJson(data, request.language).text;
        }
        if (checkOutput) call.response.parse(data);
        return success(data ?? null, request.language);
      },
    });
  };
}

export async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: TokenService,
): Promise<Caller> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw new AppError('UNAUTHORIZED');
  const { session, renewedToken } = await tokens.authenticate(token, request.application.id);
  if (renewedToken) reply.header(RENEWED_TOKEN_HEADER, renewedToken);
  return { userId: session.userId, sessionId: session.id };
}

export type RegisterCall = ReturnType<typeof createCallRegistrar>;
