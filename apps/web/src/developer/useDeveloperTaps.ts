import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../api/feedback';
import { queries } from '../api/queries';
import { navigateTo } from '../router/navigation';
import { PATHS } from '../router/paths';
import { useAccountStore } from '../stores/account';

/** Taps on the version that open developer mode (as on Android's "build number"). */
export const DEVELOPER_TAPS = 7;
/** The countdown toast starts after this many taps. */
const HINT_AFTER = 3;
/** Taps further apart than this start the count again. */
const TAP_GAP_MS = 1500;

/**
 * The about page's way in: the 7th tap on the version asks the server for the account's flag
 * (the operator may have just turned it on) and opens the developer page, or says it is off.
 */
export function useDeveloperTaps(): () => void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const taps = useRef({ count: 0, at: 0 });
  return () => {
    const now = Date.now();
    const count = now - taps.current.at > TAP_GAP_MS ? 1 : taps.current.count + 1;
    taps.current = { count: count >= DEVELOPER_TAPS ? 0 : count, at: now };
    if (count >= DEVELOPER_TAPS) {
      const signedIn = useAccountStore.getState().access_token !== null;
      const user = signedIn
        ? queryClient.fetchQuery({ ...queries.user, staleTime: 0 })
        : Promise.resolve(null);
      void user.then((known) => {
        if (known?.developerMode) navigateTo(PATHS.developer);
        else toast(t('developer.notEnabled'));
      });
    } else if (count > HINT_AFTER) {
      toast(t('developer.tapsLeft', { count: DEVELOPER_TAPS - count }));
    }
  };
}
