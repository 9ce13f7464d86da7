import { z } from 'zod';
import type { Route } from './routes.js';

export type { CallAuth, HttpMethod } from './routes.js';

export interface CallDefinition extends Route {
  readonly summary: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
}

export function defineCall<const T extends CallDefinition>(definition: T): T {
  return definition;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller passes (the app): only the parts the call declares. */
export type CallInput<T extends CallDefinition> = {
  [K in 'params' | 'query' | 'body' as T[K] extends z.ZodType ? K : never]: InputOf<T[K]>;
};

/** What a handler receives after validation (the server). */
export type CallParsed<T extends CallDefinition> = {
  [K in 'params' | 'query' | 'body' as T[K] extends z.ZodType ? K : never]: OutputOf<T[K]>;
};

export type CallResponse<T extends CallDefinition> = z.output<T['response']>;

/** The envelope every call answers with (spec §7/§8). */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  succeeded: boolean;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    message: z.string(),
    data,
    succeeded: z.boolean(),
  });
}

/** Path with `:name` segments filled from params (URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name] ?? '')),
  );
}
