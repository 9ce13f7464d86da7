import type { Fence } from '@xunji/shared';
import { SwipeAction, Switch, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLongPress } from '../../devices/useLongPress';
import { formatRadius } from '../../fences/format';
import { FenceIcon } from './FenceIcon';

interface FenceRowProps {
  fence: Fence;
  onOpen: (fence: Fence) => void;
  /** Swipe left and tap Delete, or a long press: asks first. */
  onDelete: (fence: Fence) => void;
  onStatus: (fence: Fence, status: 0 | 1) => void;
}

/** What the fence covers: its radius, its number of corners or its region. */
function FenceShape({ fence }: { fence: Fence }) {
  const { t } = useTranslation();
  if (fence.type === 'round' && fence.radius !== null)
    return <>{t('fences.radiusRow', { value: formatRadius(fence.radius, t) })}</>;
  if (fence.type === 'polygon')
    return <>{t('fences.cornersRow', { count: fence.fenceData.length })}</>;
  return <>{fence.regionName ?? fence.regionCode}</>;
}

/** One fence of the list: picture, name, type, when it alarms, its size, the enable switch. */
export function FenceRow({ fence, onOpen, onDelete, onStatus }: FenceRowProps) {
  const { t } = useTranslation();
  const press = useLongPress(
    () => onOpen(fence),
    () => onDelete(fence),
  );
  return (
    <SwipeAction
      rightActions={[
        {
          key: 'delete',
          text: t('fences.delete'),
          color: 'danger',
          onClick: () => onDelete(fence),
        },
      ]}
    >
      <div
        className="fence-row"
        role="button"
        tabIndex={0}
        data-fence-id={fence.id}
        {...press}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onOpen(fence);
        }}
      >
        <FenceIcon fence={fence} />
        <div className="fence-row__main">
          <div className="fence-row__name">{fence.name}</div>
          <div className="fence-row__meta">
            <Tag color="primary" fill="outline">
              {t(`fences.type.${fence.type}`)}
            </Tag>
            <span>{t(`fences.alarmRow.${fence.alarmType}`)}</span>
          </div>
          <div className="fence-row__shape">
            <FenceShape fence={fence} />
          </div>
        </div>
        {/* The switch is not a tap on the row. */}
        <span
          className="fence-row__switch"
          onClick={(event) => event.stopPropagation()}
          onPointerDown={(event) => event.stopPropagation()}
        >
          <Switch
            checked={fence.status === 1}
            aria-label={t('fences.enable', { name: fence.name })}
            onChange={(on) => onStatus(fence, on ? 1 : 0)}
          />
        </span>
      </div>
    </SwipeAction>
  );
}
