import { useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PackagesSection } from '../../commerce/PackagesSection';
import { useCanBuy } from '../../commerce/purchase';
import { commerceQueries } from '../../commerce/queries';
import { SimAlarm } from '../../commerce/SimAlarm';
import { SimCardSummary } from '../../commerce/SimCardSummary';
import { useListedDevice } from '../../commerce/useListedDevice';
import { FailureNotice, LoadFailure } from '../../components/LoadFailure';
import { PageLayout } from '../../components/PageLayout';
import '../../commerce/commerce.css';
import { useDeviceId } from '../../devices/useDeviceId';
import { DeviceMissing } from '../info/DeviceMissing';

const Loading = () => (
  <div className="page__intro" style={{ textAlign: 'center' }}>
    <DotLoading />
  </div>
);

/** The card's data and SMS packages, when the app may sell them (not under audit). */
function SimPackages({ terminalId, iccid }: { terminalId: number; iccid: string }) {
  const { t } = useTranslation();
  const packages = useQuery(commerceQueries.simPackages(iccid));
  return (
    <>
      <PackagesSection
        title={t('sim.dataPackages')}
        packages={packages}
        only={(product) => product.effect === 'simData'}
        terminalId={terminalId}
        iccid={iccid}
      />
      <PackagesSection
        title={t('sim.smsPackages')}
        packages={packages}
        only={(product) => product.effect === 'simSms'}
        terminalId={terminalId}
        iccid={iccid}
      />
    </>
  );
}

function SimCard({ terminalId, iccid }: { terminalId: number; iccid: string }) {
  const card = useQuery(commerceQueries.simCard(iccid));
  const canBuy = useCanBuy();
  if (card.isError) return <LoadFailure error={card.error} onRetry={card.refetch} />;
  if (!card.data) return <Loading />;
  return (
    <>
      <SimAlarm iccid={iccid} />
      <SimCardSummary card={card.data} />
      {canBuy ? <SimPackages terminalId={terminalId} iccid={iccid} /> : null}
    </>
  );
}

/** /pagesDevice/sim-card?id=: the device's SIM card, its usage and alarm, and its packages. */
export default function SimCardPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const { device, isError, error, refetch, isSuccess } = useListedDevice(id);
  const body = () => {
    if (id === null) return <DeviceMissing invalidId />;
    if (isError) return <DeviceMissing error={error} onRetry={refetch} />;
    if (!isSuccess) return <Loading />;
    if (!device)
      return (
        <FailureNotice
          view="notFound"
          title={t('failure.deviceNotFound')}
          text={t('failure.deviceNotFoundText')}
        />
      );
    if (device.iccid === null) return <FailureNotice view="notFound" title={t('sim.noCard')} />;
    return <SimCard terminalId={device.id} iccid={device.iccid} />;
  };
  return <PageLayout title={t('sim.title')}>{body()}</PageLayout>;
}
