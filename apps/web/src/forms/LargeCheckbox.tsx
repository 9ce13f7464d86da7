import { Checkbox, type CheckboxProps } from 'antd-mobile';
import './large-checkbox.css';

/** antd-mobile's Checkbox with a tap target of at least 44 × 44 px around its 22 px box. */
export function LargeCheckbox({ className, ...props }: CheckboxProps) {
  return (
    <Checkbox {...props} className={className ? `large-checkbox ${className}` : 'large-checkbox'} />
  );
}
