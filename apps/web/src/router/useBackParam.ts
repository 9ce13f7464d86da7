import { useSearchParams } from 'react-router';

/** Whether the page was opened with `?back=true` (return to the gated page after signing in). */
export function useBackParam(): boolean {
  return useSearchParams()[0].get('back') === 'true';
}
