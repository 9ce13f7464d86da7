import { ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { usedPercent } from './format';

interface UsageBarProps {
  /** Names the bar for tests and styles. */
  name: string;
  label: string;
  used: number;
  total: number;
  format: (amount: number) => string;
}

/** "used / total" and the share used, as a bar that turns red past 90 %. */
export function UsageBar({ name, label, used, total, format }: UsageBarProps) {
  const { t } = useTranslation();
  const percent = usedPercent(used, total);
  return (
    <div className={percent > 90 ? 'usage is-high' : 'usage'} data-usage={name}>
      <div className="usage__head">
        <span className="usage__label">{label}</span>
        <span className="usage__amount">
          {t('sim.usage', { used: format(used), total: format(total) })}
        </span>
        <span className="usage__percent">{percent}%</span>
      </div>
      <ProgressBar percent={percent} />
    </div>
  );
}
