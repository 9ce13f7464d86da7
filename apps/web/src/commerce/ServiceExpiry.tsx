import { useQuery } from '@tanstack/react-query';
import type { FeatureFlags, Terminal } from '@xunji/shared';
import { Button } from 'antd-mobile';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../devices/format';
import { deviceQueries } from '../devices/queries';
import { useEntryRule } from '../router/entry-rule';
import { navigateTo } from '../router/navigation';
import { PATHS } from '../router/paths';
import { serviceEnded } from './service-expiry';
import './service-expiry.css';

// Inside a row that selects its device on a tap, the link is a tap of its own.
const keepToSelf = (event: SyntheticEvent) => event.stopPropagation();

/** "Renew": the device's activation page (its renewal plans), when the entry rule allows it. */
function RenewLink({ terminalId, flags }: { terminalId: number; flags?: FeatureFlags }) {
  const { t } = useTranslation();
  const shows = useEntryRule(flags);
  if (!shows(PATHS.activation)) return null;
  return (
    <span onPointerDown={keepToSelf} onClick={keepToSelf}>
      <Button
        size="mini"
        color="primary"
        fill="outline"
        data-link="renew"
        onClick={() => navigateTo(`${PATHS.activation}?id=${terminalId}`)}
      >
        {t('serviceExpiry.renew')}
      </Button>
    </span>
  );
}

/** "Service expired on DATE" and the Renew link. */
function ExpiredOn({
  terminalId,
  expirationTime,
  flags,
}: {
  terminalId: number;
  expirationTime: number;
  flags?: FeatureFlags;
}) {
  const { t } = useTranslation();
  return (
    <div className="service-expired" data-testid="service-expired">
      <span>{t('serviceExpiry.expiredOn', { date: formatDate(expirationTime) })}</span>
      <RenewLink terminalId={terminalId} flags={flags} />
    </div>
  );
}

/** On a device card, list row or details: said once the device's service period has ended. */
export function ServiceExpiredLine({ terminal, now }: { terminal: Terminal; now: number }) {
  if (!terminal.vipState || !serviceEnded(terminal.vipState, now)) return null;
  return (
    <ExpiredOn
      terminalId={terminal.id}
      expirationTime={terminal.vipState.expirationTime}
      flags={terminal.terminalTypeInfo.terminalTypeExtend}
    />
  );
}

/** Under a page's 2303 failure: when the device's service ended, and the way to renew it. */
export function ExpiredDevice({ terminalId }: { terminalId: number }) {
  const valueAdded = useQuery(deviceQueries.valueAdded(terminalId));
  const funcs = useQuery(deviceQueries.funcs(terminalId));
  const period = valueAdded.data?.vipState;
  if (!period || !funcs.data) return null;
  return (
    <ExpiredOn
      terminalId={terminalId}
      expirationTime={period.expirationTime}
      flags={funcs.data.terminalTypeInfo.terminalTypeExtend}
    />
  );
}
