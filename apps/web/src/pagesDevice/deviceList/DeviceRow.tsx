import type { Terminal } from '@xunji/shared';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ServiceExpiredLine } from '../../commerce/ServiceExpiry';
import { DeviceIcon } from '../../devices/DeviceIcon';
import { freshnessOf } from '../../devices/fix-age';
import { FixAge } from '../../devices/FixAge';
import { formatBattery, formatLocateTime } from '../../devices/format';
import { StateBadge } from '../../devices/StateBadge';
import { useLongPress } from '../../devices/useLongPress';
import { useMinuteClock } from '../../devices/useMinuteClock';

interface DeviceRowProps {
  device: Terminal;
  /** Tap: select the device and show it on the map. */
  onSelect: (device: Terminal) => void;
  /** Long press or the chevron: the device's details. */
  onDetails: (device: Terminal) => void;
}

/**
 * One device of the list: icon, name, number, §4 list state, battery, when it was located (and
 * how long ago: the fix's age, stale ones in the warning colour), address.
 */
export function DeviceRow({ device, onSelect, onDetails }: DeviceRowProps) {
  const { t } = useTranslation();
  const now = useMinuteClock();
  const { age, stale } = freshnessOf(device, now);
  const press = useLongPress(
    () => onSelect(device),
    () => onDetails(device),
  );
  return (
    <div
      className="device-row"
      role="button"
      tabIndex={0}
      data-device-id={device.id}
      {...press}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSelect(device);
      }}
    >
      <DeviceIcon type={device.iconType} size={44} />
      <div className="device-row__main">
        <div className="device-row__head">
          <span className="device-row__name">{device.terminalName}</span>
          <StateBadge deviceState={device.deviceState} motion={device.motion} context="list" />
        </div>
        <div className="device-row__number">{device.terminalNo}</div>
        <div className="device-row__meta">
          <span>{t('devices.list.battery', { value: formatBattery(device.lbsInfo.battery) })}</span>
          <span>
            {t('devices.list.locateTime', { time: formatLocateTime(device.locateTime) })}
            {age ? (
              <>
                {' · '}
                <FixAge age={age} stale={stale} />
              </>
            ) : null}
          </span>
        </div>
        <div className="device-row__address">
          {device.TextLocation || t('devices.list.noAddress')}
        </div>
        <ServiceExpiredLine terminal={device} now={now} />
      </div>
      <button
        type="button"
        className="device-row__more"
        aria-label={t('devices.list.details')}
        onPointerDown={(event) => event.stopPropagation()}
        onClick={(event) => {
          event.stopPropagation();
          onDetails(device);
        }}
      >
        <RightOutline />
      </button>
    </div>
  );
}
