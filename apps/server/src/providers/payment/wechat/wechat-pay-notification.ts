import {
  NotificationRefused,
  type IncomingNotification,
  type VerifiedNotification,
} from '../payment-provider.js';
import {
  refundFacts,
  transactionFacts,
  type WechatRefund,
  type WechatTransaction,
} from './wechat-pay-facts.js';
import { decryptResource, type EncryptedResource } from './wechat-pay-resource.js';
import { signatureProblem, type PlatformKeys } from './wechat-pay-signature.js';

interface NotificationBody {
  event_type?: string;
  resource?: EncryptedResource;
}

const REFUND_EVENTS = ['REFUND.SUCCESS', 'REFUND.ABNORMAL', 'REFUND.CLOSED'];

/**
 * A WeChat Pay v3 notification checked and opened: the platform signature over the raw body
 * (serial known, timestamp within 5 minutes), then the resource decrypted with the APIv3 key
 * (a GCM tag mismatch is refused), then the merchant. Throws NotificationRefused.
 */
export async function openNotification(
  notification: IncomingNotification,
  context: { keys: PlatformKeys; apiV3Key: string; mchid: string; now: number },
): Promise<VerifiedNotification> {
  const problem = await signatureProblem(
    notification.headers,
    notification.rawBody,
    context.keys,
    context.now,
  );
  if (problem) throw new NotificationRefused(problem);
  const body = parse<NotificationBody>(notification.rawBody, 'body');
  if (!body.resource) throw new NotificationRefused('no resource');
  let plain: string;
  try {
    plain = decryptResource(body.resource, context.apiV3Key);
  } catch (error) {
    throw new NotificationRefused(`resource not decrypted: ${(error as Error).message}`);
  }
  const payload = parse<{ mchid?: string }>(plain, 'resource');
  if (payload.mchid !== context.mchid)
    throw new NotificationRefused(`merchant ${payload.mchid} is not ours`);
  try {
    return opened(body.event_type ?? '', payload);
  } catch (error) {
    if (error instanceof NotificationRefused) throw error;
    throw new NotificationRefused(`resource not understood: ${(error as Error).message}`);
  }
}

function opened(eventType: string, payload: object): VerifiedNotification {
  if (eventType === 'TRANSACTION.SUCCESS')
    return { kind: 'payment', facts: transactionFacts(payload as WechatTransaction) };
  if (REFUND_EVENTS.includes(eventType))
    return { kind: 'refund', facts: refundFacts(payload as WechatRefund) };
  throw new NotificationRefused(`event ${eventType} not handled`);
}

function parse<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new NotificationRefused(`${what} is not JSON`);
  }
}
