import type { CommandRecord } from '@xunji/shared';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/date';
import { commandOutcome, outcomeTone } from './command-outcome';
import { replyWords } from './reply-words';

/** The device's own answer: what it means in the user's language, and its text as the detail. */
function DeviceReply({ record }: { record: CommandRecord }) {
  const { t } = useTranslation();
  if (!record.reply) return null;
  if (!record.replyMeaning) return <span className="command-status__reply">{record.reply}</span>;
  return (
    <>
      <span className="command-status__meaning">{replyWords(t, record.replyMeaning)}</span>
      <span className="command-status__detail">
        {t('remote.replies.raw')}: <span className="command-status__reply">{record.reply}</span>
      </span>
    </>
  );
}

/**
 * Where a command stands: "waiting for the device" until its §4 result arrives, then the result
 * with the device's own answer when it gave one.
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
      <DeviceReply record={record} />
    </span>
  );
}
