import { useQuery } from '@tanstack/react-query';
import type { AlarmLog } from '@xunji/shared';
import { CheckCircleOutline, EnvironmentOutline, LocationFill, PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../api/feedback';
import { deviceQueries } from '../devices/queries';
import { selectDevice } from '../devices/selection';
import { navigateBackOr, navigateTo, switchTab } from '../router/navigation';
import { PATHS } from '../router/paths';

/**
 * What to do about an alarm: call the device (its SIM number, when known), navigate to it, watch
 * it live on the home map, and mark the alarm handled. §7 has no "handled" call: handled is read
 * for this user, which opening the alarm already did; the button says so and goes back to the list.
 */
export function AlarmActions({ alarm }: { alarm: AlarmLog }) {
  const { t } = useTranslation();
  const device = useQuery(
    deviceQueries.one(alarm.terminalId, { loading: false, toastState: false }),
  );
  const terminal = device.data;
  return (
    <nav className="alarm-actions" data-testid="alarm-actions">
      {terminal?.simNo ? (
        <a className="alarm-actions__item" href={`tel:${terminal.simNo}`}>
          <PhoneFill />
          {t('alarms.statement.call')}
        </a>
      ) : null}
      <button
        type="button"
        className="alarm-actions__item"
        onClick={() => navigateTo(`${PATHS.openLocation}?id=${alarm.terminalId}`)}
      >
        <EnvironmentOutline />
        {t('alarms.statement.navigate')}
      </button>
      <button
        type="button"
        className="alarm-actions__item"
        disabled={!terminal}
        onClick={() => {
          if (!terminal) return;
          selectDevice(terminal);
          switchTab(PATHS.home);
        }}
      >
        <LocationFill />
        {t('alarms.statement.live')}
      </button>
      <button
        type="button"
        className="alarm-actions__item"
        onClick={() => {
          toast(t('alarms.statement.handledDone'));
          navigateBackOr(PATHS.messageTable);
        }}
      >
        <CheckCircleOutline />
        {t('alarms.statement.handled')}
      </button>
    </nav>
  );
}
