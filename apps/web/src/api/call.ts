import {
  fillPath,
  type Api,
  type CallInput,
  type CallResponse,
  type Route,
  type RouteName,
} from '@xunji/shared';
import { request, requestEarly, type HttpRequest, type RequestOptions } from './request';

type Parts = { params?: Record<string, unknown>; query?: object; body?: unknown };

/** Calls without params, query or body may leave the input out. */
type CallArgs<K extends RouteName> = keyof CallInput<Api[K]> extends never
  ? [input?: CallInput<Api[K]>, options?: RequestOptions]
  : [input: CallInput<Api[K]>, options?: RequestOptions];

const toRequest = (route: Route<RouteName>, input: unknown): HttpRequest => {
  const { params, query, body } = (input ?? {}) as Parts;
  return { method: route.method, path: fillPath(route.path, params), query, body };
};

/**
 * Makes one call of the contract: `call(routes.login, { body }, { loading: false })`. Only the
 * zod-free route table is imported; the schemas stay on the server (and in the types).
 */
export function call<K extends RouteName>(
  route: Route<K>,
  ...[input, options]: CallArgs<K>
): Promise<CallResponse<Api[K]>> {
  return request<CallResponse<Api[K]>>(toRequest(route, input), options);
}

/** `call` sent now, its answer handled later (`requestEarly`). */
export function callEarly<K extends RouteName>(
  route: Route<K>,
  ...[input, options]: CallArgs<K>
): () => Promise<CallResponse<Api[K]>> {
  return requestEarly<CallResponse<Api[K]>>(toRequest(route, input), options);
}
