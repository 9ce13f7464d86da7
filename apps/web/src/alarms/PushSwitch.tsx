import { List, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { toast } from '../api/feedback';
import { useAppStore } from '../stores/app';
import { disablePush, enablePush, pushPermission, PushDeniedError } from './push';

/** The mine page's "alarm notifications on this device" switch, with what stands in its way. */
export function PushSwitch() {
  const { t } = useTranslation();
  const pushClientId = useAppStore((state) => state.pushClientId);
  const [permission, setPermission] = useState(pushPermission);
  const [busy, setBusy] = useState(false);
  const on = pushClientId !== null && permission === 'granted';
  const blocked = permission === 'unsupported' || permission === 'denied';

  const change = async (wanted: boolean) => {
    setBusy(true);
    try {
      if (wanted) await enablePush();
      else await disablePush();
    } catch (error) {
      // The request layer has already told the user about a failed call.
      if (!(error instanceof PushDeniedError || error instanceof ApiError))
        toast(t('alarms.push.failed'));
    } finally {
      setPermission(pushPermission());
      setBusy(false);
    }
  };

  const description =
    permission === 'unsupported'
      ? t('alarms.push.unsupported')
      : permission === 'denied'
        ? t('alarms.push.denied')
        : on
          ? t('alarms.push.on')
          : t('alarms.push.off');

  return (
    <List.Item
      data-testid="push-switch"
      description={description}
      extra={
        <Switch
          checked={on}
          loading={busy}
          disabled={blocked}
          onChange={(checked) => void change(checked)}
        />
      }
    >
      {t('alarms.push.title')}
    </List.Item>
  );
}
