import { vi } from 'vitest';
import { call } from '../api/call';

/** Fake answers of API calls, by route name. */
export type CallHandlers = Record<string, (input: Record<string, unknown> | undefined) => unknown>;

/**
 * Makes the mocked `call` (the test file mocks '../api/call') answer each route from the
 * handlers `current()` gives at call time; a route without one rejects, naming it.
 */
export function answerCalls(current: () => CallHandlers): void {
  vi.mocked(call).mockImplementation(((
    route: { name: string },
    input?: Record<string, unknown>,
  ) => {
    const handler = current()[route.name];
    return handler
      ? Promise.resolve(handler(input))
      : Promise.reject(new Error(`unexpected ${route.name}`));
  }) as typeof call);
}

/** What the mocked `call` was given for the route `name`, oldest first. */
export function callInputs<Input = Record<string, unknown>>(name: string): Input[] {
  return vi
    .mocked(call)
    .mock.calls.filter(([route]) => route.name === name)
    .map(([, input]) => input as Input);
}
