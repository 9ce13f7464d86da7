import { randomBytes } from 'node:crypto';
import type { ClientType, PayProvider } from '@xunji/shared';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { SettingsRepository } from '../../repositories/settings.repository.js';
import { AlipayProvider } from './alipay/alipay-provider.js';
import { DevelopmentPaymentProvider } from './development-payment-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { WechatPayProvider } from './wechat/wechat-pay-provider.js';

/** Paths under the API root that payment providers and the buyer's browser reach. */
export const PAY_NOTIFY_PATH = '/pay/notify/:provider';
export const DEVELOPMENT_CHECKOUT_PATH = '/pay/development/checkout';

/** The configured payment providers, by id. */
export class PaymentProviders {
  constructor(
    readonly all: readonly PaymentProvider[],
    /** The development checkout, when it is on (demo mode). */
    readonly development: DevelopmentPaymentProvider | undefined,
  ) {}

  byId(id: string): PaymentProvider | undefined {
    return this.all.find((provider) => provider.id === id);
  }

  /** The provider if it is configured and serves this kind of client. */
  serving(id: PayProvider, clientType: ClientType): PaymentProvider | undefined {
    const provider = this.byId(id);
    return provider?.clientTypes.includes(clientType) ? provider : undefined;
  }
}

/** Every provider `config.commerce` configures (docs/commerce.md). */
export async function createPaymentProviders(
  config: Config,
  settings: SettingsRepository,
  clock: Clock,
): Promise<PaymentProviders> {
  const { commerce } = config;
  const development = commerce.developmentPay
    ? new DevelopmentPaymentProvider(
        await settings.getOrCreate('development_pay_secret', () =>
          randomBytes(32).toString('base64url'),
        ),
        // Relative: the buyer's browser is on this server already (the app's origin).
        `${config.apiRoot}${DEVELOPMENT_CHECKOUT_PATH}`,
        clock,
      )
    : undefined;
  const all: PaymentProvider[] = [];
  if (development) all.push(development);
  if (commerce.wechatPay) all.push(new WechatPayProvider(commerce.wechatPay, clock));
  if (commerce.alipay) all.push(new AlipayProvider(commerce.alipay));
  return new PaymentProviders(all, development);
}
