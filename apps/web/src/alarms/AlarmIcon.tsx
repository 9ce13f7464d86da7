import type { AlarmType } from '@xunji/shared';
import {
  CompassOutline,
  EnvironmentOutline,
  ExclamationShieldOutline,
  ExclamationTriangleOutline,
  InformationCircleOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { groupOf, type AlarmGroup } from './groups';

const GLYPHS: Record<AlarmGroup, ReactNode> = {
  emergency: <ExclamationShieldOutline />,
  power: <ExclamationTriangleOutline />,
  device: <InformationCircleOutline />,
  driving: <CompassOutline />,
  fence: <EnvironmentOutline />,
  members: <UserAddOutline />,
};

/** A round icon in the colour of the alarm's group, with a dot while it is unread. */
export function AlarmIcon({
  type,
  unread,
  label,
}: {
  type: AlarmType;
  unread: boolean;
  label: string;
}) {
  const group = groupOf(type);
  return (
    <span className={`alarm-icon alarm-icon--${group}`}>
      {GLYPHS[group]}
      {unread ? <span className="alarm-icon__dot" role="img" aria-label={label} /> : null}
    </span>
  );
}
