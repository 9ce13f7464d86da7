import type { StopoverItem, TripItem } from '@xunji/shared';
import { Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistance, formatDuration } from '../../history/format';
import { formatShortDateTime } from '../../lib/date';
import { addressText, formatKmh } from './format';

/** A row that opens its item: tap or Enter, with the chevron on the right. */
function ReportRow({
  id,
  onOpen,
  children,
}: {
  id: number;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <div
      className="report-row"
      role="button"
      tabIndex={0}
      data-item-id={id}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen();
      }}
    >
      <div className="report-row__main">{children}</div>
      <RightOutline className="report-row__chevron" />
    </div>
  );
}

/** When and how long: the head line of every row. */
function RowHead({
  item,
  tag,
}: {
  item: { startTime: number; endTime: number; duration: number };
  tag?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="report-row__head">
      <span className="report-row__times">
        {formatShortDateTime(item.startTime)}
        <span className="report-row__dash"> – </span>
        {formatShortDateTime(item.endTime)}
      </span>
      {tag}
      <span className="report-row__duration">{formatDuration(item.duration, t)}</span>
    </div>
  );
}

/** A place of the row: its coloured dot, what it is, and its address. */
function PlaceLine({
  dot,
  label,
  address,
}: {
  dot: 'stay' | 'start' | 'end';
  label: string;
  address: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="report-row__line">
      <span className={`report-row__dot report-row__dot--${dot}`} aria-hidden />
      <span className="report-row__label">{label}</span>
      <span className="report-row__value report-row__address">{addressText(address, t)}</span>
    </div>
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
  const ongoing = item.ongoing ? (
    <Tag color="primary" fill="outline" className="report-row__ongoing">
      {t('history.report.ongoing')}
    </Tag>
  ) : null;
  return (
    <ReportRow id={item.id} onOpen={() => onOpen(item)}>
      <RowHead item={item} tag={ongoing} />
      <PlaceLine dot="stay" label={t('history.report.address')} address={item.address} />
    </ReportRow>
  );
}

/** One trip of the list: when, how long, from where to where, how far and how fast. */
export function TripRow({ item, onOpen }: { item: TripItem; onOpen: (item: TripItem) => void }) {
  const { t } = useTranslation();
  return (
    <ReportRow id={item.id} onOpen={() => onOpen(item)}>
      <RowHead item={item} />
      <PlaceLine dot="start" label={t('history.report.from')} address={item.startAddress} />
      <PlaceLine dot="end" label={t('history.report.to')} address={item.endAddress} />
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
    </ReportRow>
  );
}
