import { List, Switch } from 'antd-mobile';
import type { ReactNode } from 'react';

interface SwitchRowProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  /** A call for this switch is under way. */
  loading?: boolean;
  onChange: (on: boolean) => void;
  /** A tap on the row outside the switch (the overspeed limit). */
  onClick?: () => void;
}

/** One on/off row of the alarm settings; the switch is named by the row's label. */
export function SwitchRow({
  label,
  description,
  checked,
  loading,
  onChange,
  onClick,
}: SwitchRowProps) {
  return (
    <List.Item
      description={description}
      onClick={onClick}
      arrowIcon={false}
      extra={
        // The switch's tap is its own, not the row's.
        <span onClick={(event) => event.stopPropagation()}>
          <Switch checked={checked} loading={loading} onChange={onChange} aria-label={label} />
        </span>
      }
    >
      {label}
    </List.Item>
  );
}
