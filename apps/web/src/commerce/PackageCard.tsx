import type { ServicePackage } from '@xunji/shared';
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatMb, formatPrice, quotaUnitOf } from './format';

/** What the package gives: its quota by effect, and how long it lasts. */
export function usePackageTerms(product: ServicePackage): string[] {
  const { t } = useTranslation();
  const terms: string[] = [];
  const unit = quotaUnitOf(product.effect);
  if (unit !== null && product.quota !== null) {
    const count = product.quota;
    terms.push(
      unit === 'data'
        ? formatMb(count)
        : t(unit === 'sms' ? 'packages.sms' : 'packages.minutes', { count }),
    );
  }
  if (product.durationDays !== null)
    terms.push(t('packages.days', { count: product.durationDays }));
  return terms;
}

interface PackageCardProps {
  product: ServicePackage;
  onChoose: (product: ServicePackage) => void;
}

/** One package: name, what it gives, the price (the old one struck through) and the way to buy it. */
export function PackageCard({ product, onChoose }: PackageCardProps) {
  const { t } = useTranslation();
  const terms = usePackageTerms(product);
  const discounted =
    product.originalPriceFen !== null && product.originalPriceFen > product.priceFen;
  const action = !product.available
    ? t('packages.trialUsed')
    : product.isTrial
      ? t('packages.tryFree')
      : t('packages.buy');
  return (
    <article
      className={product.available ? 'package-card' : 'package-card is-unavailable'}
      data-package={product.id}
    >
      <div className="package-card__main">
        <h4 className="package-card__name">
          {product.name}
          {product.isTrial ? (
            <Tag color="warning" fill="solid" className="package-card__badge">
              {t('packages.trial')}
            </Tag>
          ) : null}
        </h4>
        {terms.length > 0 ? <p className="package-card__terms">{terms.join(' · ')}</p> : null}
        {product.description ? (
          <p className="package-card__description">{product.description}</p>
        ) : null}
      </div>
      <div className="package-card__buy">
        <div className="package-card__price">
          {product.priceFen === 0 ? t('packages.free') : formatPrice(product.priceFen)}
        </div>
        {discounted ? (
          <s className="package-card__original">{formatPrice(product.originalPriceFen!)}</s>
        ) : null}
        <Button
          size="small"
          color="primary"
          fill={product.isTrial ? 'outline' : 'solid'}
          disabled={!product.available}
          onClick={() => onChoose(product)}
        >
          {action}
        </Button>
      </div>
    </article>
  );
}
