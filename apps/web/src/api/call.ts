import {
  fillPath,
  type Api,
  type CallInput,
  type CallResponse,
  type Route,
  type RouteName,
} from '@xunji/shared';
import { request, type RequestOptions } from './request';

type Parts = { params?: Record<string, unknown>; query?: object; body?: unknown };

/** Calls without params, query or body may leave the input out. */
type CallArgs<K extends RouteName> = keyof CallInput<Api[K]> extends never
  ? [input?: CallInput<Api[K]>, options?: RequestOptions]
  : [input: CallInput<Api[K]>, options?: RequestOptions];

/**
 * Makes one call of the contract: `call(routes.login, { body }, { loading: false })`. Only the
 * zod-free route table is imported; the schemas stay on the server (and in the types).
 */
export function call<K extends RouteName>(
  route: Route<K>,
  ...[input, options]: CallArgs<K>
): Promise<CallResponse<Api[K]>> {
  const { params, query, body } = (input ?? {}) as Parts;
  return request<CallResponse<Api[K]>>(
    { method: route.method, path: fillPath(route.path, params), query, body },
    options,
  );
}
