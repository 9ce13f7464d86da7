import { useQuery } from '@tanstack/react-query';
import { SERVICE_PATHS, type ServicePath } from '@xunji/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DevicePurchasePage } from '../../commerce/DevicePurchasePage';
import { PackagesSection } from '../../commerce/PackagesSection';
import { useCanBuy } from '../../commerce/purchase';
import { commerceQueries } from '../../commerce/queries';
import { FailureNotice } from '../../components/LoadFailure';

const isServicePath = (value: string | null): value is ServicePath =>
  SERVICE_PATHS.some((path) => path === value);

function PathPackages({ terminalId, path }: { terminalId: number; path: ServicePath }) {
  const { t } = useTranslation();
  const canBuy = useCanBuy();
  const packages = useQuery({
    ...commerceQueries.servicePackages(path, terminalId),
    enabled: canBuy,
  });
  if (!canBuy) return null;
  return (
    <PackagesSection
      hint={t(`services.paths.${path}.text`)}
      packages={packages}
      terminalId={terminalId}
    />
  );
}

/** /pagesBuy/service/details?id=&path=: the packages of one value-added service. */
export default function ValueAddedDetailsPage() {
  const { t } = useTranslation();
  const path = useSearchParams()[0].get('path');
  const known = isServicePath(path);
  return (
    <DevicePurchasePage title={known ? t(`services.paths.${path}.title`) : t('services.title')}>
      {({ terminalId }) =>
        known ? (
          <PathPackages terminalId={terminalId} path={path} />
        ) : (
          <FailureNotice view="notFound" title={t('services.unknownPath')} />
        )
      }
    </DevicePurchasePage>
  );
}
