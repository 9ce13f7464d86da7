import { useQuery } from '@tanstack/react-query';
import { addDays, type HistoryType } from '@xunji/shared';
import { CalendarPickerView, Popup } from 'antd-mobile';
import { CalendarOutline, LeftOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromDate, minDate, toDate, today } from './day';
import { historyQueries } from './queries';
import { useAppStore } from '../stores/app';
import { formatDay } from './format';
import './date-bar.css';

/** "YYYY-MM" of a "YYYY-MM-DD" day. */
const monthOf = (day: string): string => day.slice(0, 7);

/** The month `count` months after (before, when negative) a "YYYY-MM" month. */
export function shiftMonth(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number);
  const total = year! * 12 + (index! - 1) + count;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The first and last day of a month, inside the §5 range [first, last]. */
export function monthRange(month: string, first: string, last: string): [string, string] {
  const start = `${month}-01`;
  const end = addDays(`${shiftMonth(month, 1)}-01`, -1);
  return [start > first ? start : first, end < last ? end : last];
}

export interface DateBarProps {
  terminalId: number;
  /** YYYY-MM-DD, inside the §5 range. */
  date: string;
  /** The kind of data whose days are marked in the calendar. */
  markType: HistoryType;
  onChange: (date: string) => void;
  /** Arrows without their words, where the bar shares its row (the track page). */
  compact?: boolean;
}

/**
 * The calendar of the date bar: one month at a time (antd-mobile's CalendarPickerView limited to
 * that month; over the whole ten years it draws ~120 months at once, seconds on a phone), with
 * month and year steps inside the §5 range and a dot under the days that have data.
 */
function MonthCalendar({
  terminalId,
  date,
  markType,
  onPick,
}: DateBarProps & { onPick: (date: string | null) => void }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const first = minDate();
  const last = today();
  const [month, setMonth] = useState(() => monthOf(date));
  const [start, end] = monthRange(month, first, last);
  const marks = useQuery(historyQueries.dates(terminalId, markType, start, end));

  const go = (count: number) => {
    let next = shiftMonth(month, count);
    if (next < monthOf(first)) next = monthOf(first);
    if (next > monthOf(last)) next = monthOf(last);
    setMonth(next);
  };
  const title = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long' }).format(
    toDate(`${month}-01`),
  );
  const step = (count: number, label: string, text: string) => (
    <button
      type="button"
      aria-label={label}
      disabled={count < 0 ? month <= monthOf(first) : month >= monthOf(last)}
      onClick={() => go(count)}
    >
      {text}
    </button>
  );

  return (
    <>
      <div className="date-calendar__nav">
        {step(-12, t('history.report.prevYear'), '«')}
        {step(-1, t('history.report.prevMonth'), '‹')}
        <span className="date-calendar__month" data-month={month}>
          {title}
        </span>
        {step(1, t('history.report.nextMonth'), '›')}
        {step(12, t('history.report.nextYear'), '»')}
      </div>
      <CalendarPickerView
        key={month}
        title={false}
        selectionMode="single"
        value={toDate(date)}
        allowClear={false}
        min={toDate(start)}
        max={toDate(end)}
        renderBottom={(day) =>
          marks.data?.has(fromDate(day)) ? (
            <span className="date-calendar__mark" data-day={fromDate(day)} />
          ) : null
        }
        onChange={(value) => onPick(value ? fromDate(value) : null)}
      />
    </>
  );
}

/**
 * Previous day / the day / next day. The day opens a calendar limited by §5 (not after today, not
 * before ten years ago) in which the days with data are marked.
 */
export function DateBar(props: DateBarProps) {
  const { date, onChange, compact = false } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const first = minDate();
  const last = today();

  return (
    <div className="date-bar">
      <button
        type="button"
        className="date-bar__step"
        disabled={date <= first}
        aria-label={t('history.report.prevDay')}
        onClick={() => onChange(addDays(date, -1))}
      >
        <LeftOutline />
        {compact ? null : <span>{t('history.report.prevDay')}</span>}
      </button>
      <button
        type="button"
        className="date-bar__date"
        aria-label={t('history.chooseDate')}
        onClick={() => setOpen(true)}
      >
        <CalendarOutline />
        <span data-testid="history-date">{formatDay(date)}</span>
        {date === last ? (
          <span className="date-bar__today">{t('history.report.today')}</span>
        ) : null}
      </button>
      <button
        type="button"
        className="date-bar__step"
        disabled={date >= last}
        aria-label={t('history.report.nextDay')}
        onClick={() => onChange(addDays(date, 1))}
      >
        {compact ? null : <span>{t('history.report.nextDay')}</span>}
        <RightOutline />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        showCloseButton
        destroyOnClose
        bodyClassName="date-calendar"
      >
        <div className="date-calendar__title">{t('history.chooseDate')}</div>
        {open ? (
          <MonthCalendar
            {...props}
            onPick={(picked) => {
              setOpen(false);
              if (picked && picked !== date) onChange(picked);
            }}
          />
        ) : null}
      </Popup>
    </div>
  );
}
