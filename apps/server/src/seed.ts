import { DEFAULT_APPLICATION_ID, UserType, hashPasswordForTransport } from '@xunji/shared';
import type { Config } from './config.js';
import { ensureDemoCommerce } from './demo/demo-commerce.js';
import { ensureDemoDevices } from './demo/demo-fleet.js';
import type { Repositories } from './repositories/create-repositories.js';
import { hashSecret } from './services/password-hasher.js';

export const DEMO_USERNAME = 'demo';

/** Application 1 always exists; it carries the §9 defaults (the columns' defaults). */
export async function ensureDefaultApplication(repositories: Repositories): Promise<void> {
  if (await repositories.applications.findById(DEFAULT_APPLICATION_ID)) return;
  await repositories.applications.create({
    name: '寻迹 Xunji',
    supportPhone: '400-000-0000',
    supportEmail: 'support@xunji.example',
    createdAt: Date.now(),
  });
}

/**
 * What the server makes sure of at every start: application 1 and, in demo mode, the demo
 * account with its devices and commerce. Answers the hours of history the demo devices send
 * first: only a new demo account gets them, a restart must not send them again.
 */
export async function seedDatabase(
  config: Config,
  repositories: Repositories,
  now: number,
): Promise<{ demoHistoryHours: number }> {
  await ensureDefaultApplication(repositories);
  let demoHistoryHours = 0;
  if (await ensureDemoAccount(config, repositories)) {
    const demo = await repositories.users.findByUsername(DEMO_USERNAME);
    if (demo) await ensureDemoDevices(repositories, demo.id);
    demoHistoryHours = config.demoHistoryHours;
  }
  // The catalogue, the demo devices' SIM cards and service periods, the car's past paid order.
  if (config.demoMode) await ensureDemoCommerce(repositories, now, config.commerce.orderNoPrefix);
  return { demoHistoryHours };
}

/**
 * The demo account, made only in demo mode (never in production, see config) and only when
 * the database has no accounts yet. Answers whether it was created.
 */
async function ensureDemoAccount(config: Config, repositories: Repositories): Promise<boolean> {
  if (!config.demoMode) return false;
  if ((await repositories.users.list()).length > 0) return false;
  await repositories.users.create({
    applicationId: DEFAULT_APPLICATION_ID,
    username: DEMO_USERNAME,
    passwordHash: await hashSecret(hashPasswordForTransport(config.demoPassword)),
    nickname: '演示账号 Demo',
    userType: UserType.PERSONAL,
  });
  return true;
}
