import { useQuery } from '@tanstack/react-query';
import type { ShareRecord } from '@xunji/shared';
import { Button, DotLoading, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../api/feedback';
import { LoadFailure } from '../components/LoadFailure';
import { Countdown } from './Countdown';
import { shareQueries, useRevokeShare } from './queries';
import { useDurationText } from './useDurationText';
import { useSecondClock } from './useSecondClock';

function LiveLink({ share, now }: { share: ShareRecord; now: number }) {
  const { t } = useTranslation();
  const durationText = useDurationText();
  const revoke = useRevokeShare(share.terminalId);
  return (
    <List.Item
      data-testid="share-live-link"
      description={<Countdown expireTime={share.expireTime} now={now} />}
      extra={
        <Button
          size="small"
          color="danger"
          fill="outline"
          loading={revoke.isPending}
          onClick={() => confirmDialog(t('share.revokeConfirm'), () => revoke.mutate(share.id))}
        >
          {t('share.revoke')}
        </Button>
      }
    >
      {t('share.linkOf', {
        duration: durationText(share.durationH),
        name: share.createdBy,
      })}
    </List.Item>
  );
}

/** The device's links still open, each with its countdown and a way to end it now. */
export function LiveLinks({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation();
  const now = useSecondClock();
  const shares = useQuery(shareQueries.device(terminalId));
  if (shares.isError) return <LoadFailure error={shares.error} onRetry={shares.refetch} />;
  if (!shares.data)
    return (
      <div className="share-loading">
        <DotLoading />
      </div>
    );
  const live = shares.data.filter((share) => share.expireTime > now);
  return (
    <List header={t('share.liveLinks')} data-testid="share-live-links">
      {live.length === 0 ? (
        <List.Item>
          <span className="share-none">{t('share.noLinks')}</span>
        </List.Item>
      ) : (
        live.map((share) => <LiveLink key={share.id} share={share} now={now} />)
      )}
    </List>
  );
}
