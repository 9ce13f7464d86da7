import { DEFAULT_APPLICATION_ID, UserType, hashPasswordForTransport } from '@xunji/shared';
import type { Config } from './config.js';
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
 * The demo account, made only in demo mode (never in production, see config) and only when
 * the database has no accounts yet. Answers whether it was created.
 */
export async function ensureDemoAccount(
  config: Config,
  repositories: Repositories,
): Promise<boolean> {
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
