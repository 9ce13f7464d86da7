import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withTime } from '../../remote/locate-mode';

interface TimeListProps {
  label: string;
  times: readonly string[];
  max: number;
  onChange: (times: string[]) => void;
}

/** A list of HH:mm times: each removable, a time input and an add button (each time once). */
export function TimeList({ label, times, max, onChange }: TimeListProps) {
  const { t } = useTranslation();
  const [time, setTime] = useState('');
  return (
    <div className="time-editor" data-times={label}>
      <ul className="time-list" aria-label={label}>
        {times.map((each) => (
          <li key={each} className="time-list__item">
            {each}
            <button
              type="button"
              className="time-list__remove"
              aria-label={t('remote.locateMode.removeTime', { time: each })}
              onClick={() => onChange(times.filter((other) => other !== each))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="time-add">
        <input
          type="time"
          value={time}
          aria-label={t('remote.locateMode.newTime', { list: label })}
          onChange={(event) => setTime(event.target.value)}
        />
        <Button
          size="small"
          disabled={time === '' || times.length >= max}
          onClick={() => {
            onChange(withTime(times, time, max));
            setTime('');
          }}
        >
          {t('remote.locateMode.addTime')}
        </Button>
      </div>
    </div>
  );
}
