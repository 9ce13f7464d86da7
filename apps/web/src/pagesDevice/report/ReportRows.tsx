import type { StopoverItem, TripItem } from '@xunji/shared';
import { Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDistance, formatDuration } from '../../history/format';
import { addressText, formatKmh, formatShortTime } from './format';

function TimeRange({ start, end }: { start: number; end: number }) {
  return (
    <span className="report-row__times">
      {formatShortTime(start)}
      <span className="report-row__dash"> – </span>
      {formatShortTime(end)}
    </span>
  );
}

/** One stay of the list: when, how long, where; "ongoing" while the device is still there. */
export function StayRow({
  item,
  onOpen,
}: {
  item: StopoverItem;
  onOpen: (item: StopoverItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="report-row"
      role="button"
      tabIndex={0}
      data-item-id={item.id}
      onClick={() => onOpen(item)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen(item);
      }}
    >
      <div className="report-row__main">
        <div className="report-row__head">
          <TimeRange start={item.startTime} end={item.endTime} />
          {item.ongoing ? (
            <Tag color="primary" fill="outline" className="report-row__ongoing">
              {t('history.report.ongoing')}
            </Tag>
          ) : null}
          <span className="report-row__duration">{formatDuration(item.duration, t)}</span>
        </div>
        <div className="report-row__line">
          <span className="report-row__dot report-row__dot--stay" aria-hidden />
          <span className="report-row__label">{t('history.report.address')}</span>
          <span className="report-row__value report-row__address">
            {addressText(item.address, t)}
          </span>
        </div>
      </div>
      <RightOutline className="report-row__chevron" />
    </div>
  );
}

/** One trip of the list: when, how long, from where to where, how far and how fast. */
export function TripRow({ item, onOpen }: { item: TripItem; onOpen: (item: TripItem) => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="report-row"
      role="button"
      tabIndex={0}
      data-item-id={item.id}
      onClick={() => onOpen(item)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen(item);
      }}
    >
      <div className="report-row__main">
        <div className="report-row__head">
          <TimeRange start={item.startTime} end={item.endTime} />
          <span className="report-row__duration">{formatDuration(item.duration, t)}</span>
        </div>
        <div className="report-row__line">
          <span className="report-row__dot report-row__dot--start" aria-hidden />
          <span className="report-row__label">{t('history.report.from')}</span>
          <span className="report-row__value report-row__address">
            {addressText(item.startAddress, t)}
          </span>
        </div>
        <div className="report-row__line">
          <span className="report-row__dot report-row__dot--end" aria-hidden />
          <span className="report-row__label">{t('history.report.to')}</span>
          <span className="report-row__value report-row__address">
            {addressText(item.endAddress, t)}
          </span>
        </div>
        <dl className="report-row__stats">
          <div>
            <dt>{t('history.report.distance')}</dt>
            <dd>{formatDistance(item.distance, t)}</dd>
          </div>
          <div>
            <dt>{t('history.report.averageSpeed')}</dt>
            <dd>{formatKmh(item.averageSpeed, t)}</dd>
          </div>
          <div>
            <dt>{t('history.report.maxSpeed')}</dt>
            <dd>{formatKmh(item.maxSpeed, t)}</dd>
          </div>
        </dl>
      </div>
      <RightOutline className="report-row__chevron" />
    </div>
  );
}
