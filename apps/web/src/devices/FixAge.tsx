import { useTranslation } from 'react-i18next';
import type { Age } from './fix-age';
import './fix-age.css';

/** "3 min ago" in the app's language. */
export function useAgeText(): (age: Age) => string {
  const { t } = useTranslation();
  return (age) => t(`devices.age.${age.unit}`, { count: age.count });
}

/** How old a fix is; a stale one in the warning colour. */
export function FixAge({ age, stale }: { age: Age; stale: boolean }) {
  const ageText = useAgeText();
  return (
    <span className={stale ? 'fix-age is-stale' : 'fix-age'} data-stale={stale}>
      {ageText(age)}
    </span>
  );
}
