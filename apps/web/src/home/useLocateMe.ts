import { routes } from '@xunji/shared';
import { Toast } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import type { UserPosition } from '../map';

/** The browser's position on demand; sent to the server (POST /v2/user-lbs) once found. */
export function useLocateMe() {
  const { t } = useTranslation();
  const [position, setPosition] = useState<UserPosition | null>(null);
  const locate = useCallback(
    () =>
      new Promise<UserPosition | null>((resolve) => {
        if (!('geolocation' in navigator)) {
          Toast.show({ content: t('errors.locationFailed') });
          resolve(null);
          return;
        }
        navigator.geolocation.getCurrentPosition(
          ({ coords }) => {
            const found = {
              latitude: coords.latitude,
              longitude: coords.longitude,
              accuracy: coords.accuracy,
            };
            setPosition(found);
            resolve(found);
            void call(
              routes.userLbs,
              { body: { latitude: found.latitude, longitude: found.longitude } },
              { loading: false, toastState: false },
            ).catch(() => undefined);
          },
          () => {
            Toast.show({ content: t('errors.locationFailed') });
            resolve(null);
          },
          { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
        );
      }),
    [t],
  );
  return { position, locate };
}
