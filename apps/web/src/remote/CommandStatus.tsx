import type { CommandRecord } from '@xunji/shared';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/date';
import { commandOutcome, outcomeTone } from './command-outcome';

/**
 * Where a command stands: "waiting for the device" until its §4 result arrives, then the result
 * (with the device's own answer when it gave one).
 */
export function CommandStatus({ record }: { record: CommandRecord | null | undefined }) {
  const { t } = useTranslation();
  if (!record) return null;
  const outcome = commandOutcome(record);
  return (
    <span className="command-status" data-outcome={outcome}>
      <Tag color={outcomeTone(outcome)} fill="outline">
        {t(`remote.outcomes.${outcome}`)}
      </Tag>
      <span className="command-status__time">
        {formatDateTime(record.answerTime ?? record.createTime)}
      </span>
      {record.reply ? <span className="command-status__reply">{record.reply}</span> : null}
    </span>
  );
}
