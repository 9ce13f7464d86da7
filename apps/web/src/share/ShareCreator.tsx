import { SHARE_DURATIONS_H, type CreatedShare, type ShareDurationH } from '@xunji/shared';
import { Button, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../hooks/useAction';
import { CreatedLink } from './CreatedLink';
import { useCreateShare } from './queries';
import { useDurationText } from './useDurationText';

/** Pick how long the link lives, make it, then copy or send it. */
export function ShareCreator({
  terminalId,
  deviceName,
}: {
  terminalId: number;
  deviceName: string;
}) {
  const { t } = useTranslation();
  const durationText = useDurationText();
  const [duration, setDuration] = useState<ShareDurationH>(24);
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const create = useCreateShare(terminalId);
  const [submit, pending] = useAction(async () => setCreated(await create.mutateAsync(duration)));
  return (
    <section className="share-creator">
      <p className="share-creator__label">{t('share.durationLabel')}</p>
      <Selector
        columns={4}
        showCheckMark={false}
        options={SHARE_DURATIONS_H.map((hours) => ({ value: hours, label: durationText(hours) }))}
        value={[duration]}
        onChange={([next]: ShareDurationH[]) => {
          // Tapping the chosen one again would clear it: one is always chosen.
          if (next) setDuration(next);
        }}
      />
      <Button
        block
        color="primary"
        className="share-creator__submit"
        loading={pending}
        onClick={() => void submit()}
      >
        {t('share.create')}
      </Button>
      <p className="share-creator__note">{t('share.note')}</p>
      {created ? <CreatedLink created={created} deviceName={deviceName} /> : null}
    </section>
  );
}
