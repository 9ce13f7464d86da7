import type { AudioRecord } from '@xunji/shared';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/date';
import type { PlayFrame } from './play-icon';
import { PlayIcon } from './PlayIcon';

interface AudioRowProps {
  record: AudioRecord;
  /** The page's player: which recording plays, and its icon frame. */
  player: { playingId: number | null; frame: PlayFrame };
  /** In multi-select mode: whether it is chosen; undefined outside it. */
  selected?: boolean;
  onTap: () => void;
}

/** A recording: play icon, time, length and source, and an unread dot. */
export function AudioRow({ record, player, selected, onTap }: AudioRowProps) {
  const { t } = useTranslation();
  const playing = player.playingId === record.id;
  const selecting = selected !== undefined;
  return (
    <button
      type="button"
      className="audio-row"
      data-record={record.id}
      aria-pressed={selecting ? selected : undefined}
      aria-label={
        selecting
          ? t('voice.list.choose', { time: formatDateTime(record.createTime) })
          : t(playing ? 'voice.list.stop' : 'voice.list.play', {
              time: formatDateTime(record.createTime),
            })
      }
      onClick={onTap}
    >
      {selecting ? (
        <span className={selected ? 'audio-row__check is-selected' : 'audio-row__check'}>
          <CheckCircleFill />
        </span>
      ) : null}
      <span className="audio-row__bubble">
        <PlayIcon frame={playing ? player.frame : 3} playing={playing} />
        <span className="audio-row__duration">
          {t('voice.list.duration', { value: record.duration })}
        </span>
      </span>
      <span className="audio-row__meta">
        <span>{formatDateTime(record.createTime)}</span>
        <span className="audio-row__source">{t(`voice.sources.${record.source}`)}</span>
      </span>
      {record.isRead === 0 ? (
        <span className="audio-row__unread" role="img" aria-label={t('voice.list.unread')} />
      ) : null}
    </button>
  );
}
