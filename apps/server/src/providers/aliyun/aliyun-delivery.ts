import { delivered, failed, unreachable, type DeliveryOutcome } from '../delivery-outcome.js';
import { callAliyunRpc, type AliyunClient } from './aliyun-rpc.js';

/** Codes after which the same request may pass later; the rest need a person to fix something. */
const RETRYABLE_CODE = /^Throttling|BUSINESS_LIMIT_CONTROL|ServiceUnavailable|InternalError/i;

/**
 * One Aliyun call as a delivery: `Code: OK` is delivered, with the answer's `referenceField`
 * (BizId, CallId) as the reference.
 */
export async function deliverViaAliyun(
  vendor: string,
  client: AliyunClient,
  call: { action: string; version: string; params: Record<string, string> },
  referenceField: string,
): Promise<DeliveryOutcome> {
  let answer: Awaited<ReturnType<typeof callAliyunRpc>>;
  try {
    answer = await callAliyunRpc(client, call.action, call.version, call.params);
  } catch (error) {
    return unreachable(vendor, error);
  }
  const { status, body } = answer;
  if (body.Code === 'OK') {
    const reference = body[referenceField];
    return delivered(typeof reference === 'string' ? reference : undefined);
  }
  const code = body.Code ?? `HTTP ${status}`;
  return failed(
    status >= 500 || RETRYABLE_CODE.test(code),
    `${vendor} refused: ${code} ${body.Message ?? ''}`.trim(),
    status,
  );
}
