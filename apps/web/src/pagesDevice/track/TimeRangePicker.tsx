import { Picker } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_END, DAY_START } from '../../history/day';

const pad = (n: number) => String(n).padStart(2, '0');
const HALF_HOURS = Array.from(
  { length: 48 },
  (_, k) => `${pad(Math.floor(k / 2))}:${k % 2 ? '30' : '00'}`,
);
const FROM = HALF_HOURS.map((time) => ({ label: time, value: time }));
const TO = [...HALF_HOURS.slice(1), DAY_END].map((time) => ({ label: time, value: time }));

/** The part of the day the track shows, in half hours (the end may be 23:59). */
export function TimeRangePicker({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="track-range"
        aria-label={t('history.timeRange')}
        onClick={() => setOpen(true)}
      >
        <ClockCircleOutline />
        <span>
          {from}–{to}
        </span>
      </button>
      <Picker
        title={t('history.timeRange')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        visible={open}
        columns={[FROM, TO]}
        value={[from, to]}
        onClose={() => setOpen(false)}
        onConfirm={([start, end]) => {
          const first = String(start ?? DAY_START);
          const last = String(end ?? DAY_END);
          // A reversed range is meant the other way round.
          if (first < last) onChange(first, last);
          else onChange(last < first ? last : DAY_START, first > last ? first : DAY_END);
        }}
      />
    </>
  );
}
