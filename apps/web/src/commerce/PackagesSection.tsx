import type { UseQueryResult } from '@tanstack/react-query';
import type { ServicePackage } from '@xunji/shared';
import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../components/LoadFailure';
import { PackageCard } from './PackageCard';
import { buyPackage } from './purchase';
import './commerce.css';

interface PackagesSectionProps {
  /** None where the page's title already names the packages. */
  title?: ReactNode;
  hint?: ReactNode;
  packages: UseQueryResult<ServicePackage[]>;
  /** Only these (a SIM card's data or SMS packages); all of them when left out. */
  only?: (product: ServicePackage) => boolean;
  terminalId: number;
  /** The card a SIM top-up is for. */
  iccid?: string | null;
}

/** A titled list of packages on sale for the device; choosing one goes to the pay page. */
export function PackagesSection({
  title,
  hint,
  packages,
  only = () => true,
  terminalId,
  iccid = null,
}: PackagesSectionProps) {
  const { t } = useTranslation();
  const body = () => {
    if (packages.isError) return <LoadFailure error={packages.error} onRetry={packages.refetch} />;
    if (!packages.data)
      return (
        <div className="packages__loading">
          <DotLoading />
        </div>
      );
    const shown = packages.data.filter(only);
    if (shown.length === 0) return <p className="packages__none">{t('packages.none')}</p>;
    return shown.map((product) => (
      <PackageCard
        key={product.id}
        product={product}
        onChoose={(chosen) => buyPackage(terminalId, iccid, chosen)}
      />
    ));
  };
  return (
    <section className="packages">
      {title ? <h3 className="packages__title">{title}</h3> : null}
      {hint ? <p className="packages__hint">{hint}</p> : null}
      {body()}
    </section>
  );
}
