import { useState } from 'react';
import { ApiError } from '../api/errors';

/**
 * Runs a submit action with a pending flag. A failed call has already told the user (toast or
 * dialog, spec §8), so its ApiError ends the action quietly; anything else is a bug and rethrown.
 */
export function useAction<Args extends unknown[]>(action: (...args: Args) => Promise<void>) {
  const [pending, setPending] = useState(false);
  const run = async (...args: Args): Promise<void> => {
    setPending(true);
    try {
      await action(...args);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setPending(false);
    }
  };
  return [run, pending] as const;
}
