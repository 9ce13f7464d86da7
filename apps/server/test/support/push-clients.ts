import { randomUUID } from 'node:crypto';
import type { Repositories } from '../../src/context.js';

/** A browser subscribed to pushes for `userId` (its endpoint a stand-in's, never reached). */
export async function savePushClient(repositories: Repositories, userId: number): Promise<string> {
  const id = randomUUID();
  await repositories.pushClients.save({
    id,
    userId,
    endpoint: `https://push.example.com/${id}`,
    p256dh: 'BPk',
    auth: 'qL',
    language: 'zh-CN',
    createdAt: Date.now(),
  });
  return id;
}
