import { badgeColor, deviceStateLabel } from '@xunji/shared';
import { useTranslation } from 'react-i18next';
import './devices.css';

interface StateBadgeProps {
  deviceState: number;
  motion: boolean;
  /** In the device list an online device reads "online"; elsewhere "moving" or "static" (§4). */
  context: 'list' | 'map';
}

/** The §4 state of a device: a dot in its badge colour and the label. */
export function StateBadge({ deviceState, motion, context }: StateBadgeProps) {
  const { t } = useTranslation();
  const label = deviceStateLabel(deviceState, motion, context);
  return (
    <span className="state-badge" data-state={label}>
      <i className="state-badge__dot" style={{ background: badgeColor(label) }} />
      {t(`devices.state.${label}`)}
    </span>
  );
}
