import type { Shape } from '../../messages';
import type zhCNPackages from './zh-CN';

/** English texts of the SIM card, value-added and activation pages; keys exactly those of ./zh-CN.ts. */
const enPackages = {
  sim: { title: 'SIM card' },
  services: { title: 'Value-added services' },
  activation: { title: 'Activate service' },
} satisfies Shape<typeof zhCNPackages>;

export default enPackages;
