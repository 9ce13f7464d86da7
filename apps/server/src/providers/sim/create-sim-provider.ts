import type { Clock } from '../../clock.js';
import type { CommerceSettings } from '../../commerce-settings.js';
import type { SimCardRepository } from '../../repositories/sim-card.repository.js';
import { LocalSimProvider } from './local-sim-provider.js';
import { OnelinkSimProvider } from './onelink/onelink-sim-provider.js';
import type { SimProvider } from './sim-provider.js';

/** The providers by card source: always this database, OneLink when it is configured. */
export type SimProviders = ReadonlyMap<string, SimProvider>;

export function createSimProviders(
  settings: CommerceSettings['sim'],
  cards: SimCardRepository,
  clock: Clock,
): SimProviders {
  const providers: SimProvider[] = [new LocalSimProvider(cards)];
  const { apiUrl, appId, password } = settings.onelink;
  if (appId && password) providers.push(new OnelinkSimProvider({ apiUrl, appId, password }, clock));
  return new Map(providers.map((provider) => [provider.source, provider]));
}
