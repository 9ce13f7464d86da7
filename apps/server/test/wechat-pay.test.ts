import { execFileSync } from 'node:child_process';
import {
  constants,
  createHash,
  createSign,
  createVerify,
  privateEncrypt,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.js';
import {
  NotificationRefused,
  type PaymentRequest,
} from '../src/providers/payment/payment-provider.js';
import {
  WechatPayProvider,
  type WechatPaySettings,
} from '../src/providers/payment/wechat/wechat-pay-provider.js';
import { closedPortUrl } from './support/local-http.js';
import { inlinePem, pemOf, rsaPair } from './support/rsa-keys.js';
import { notificationBody, platformHeaders } from './support/wechat-pay-messages.js';
import { startWechatPayStandIn } from './support/wechat-pay-stand-in.js';

const MCHID = '1900009191';
const APPID = 'wxd678efh567hg6787';
const API_V3_KEY = 'a'.repeat(16) + 'B'.repeat(16);
const PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000091912025010100000000000001';
const merchant = rsaPair();
const platform = rsaPair();
const NOW = Date.UTC(2025, 2, 1, 4, 0, 0);
const clock = { now: () => NOW };

const standIn = startWechatPayStandIn({
  mchid: MCHID,
  appid: APPID,
  merchantSerial: 'MERCHANT-SERIAL-1',
  merchantPublicKey: merchant.publicKey,
  apiV3Key: API_V3_KEY,
  platform: { serial: PUBLIC_KEY_ID, privateKey: platform.privateKey },
});
let apiUrl: string;
beforeAll(async () => {
  apiUrl = await standIn.listen();
  standIn.useClock(clock);
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

/** Settings as an operator writes them in the environment: PEMs inline with \n. */
const settings = (overrides: Partial<WechatPaySettings> = {}): WechatPaySettings => ({
  mchid: MCHID,
  appid: APPID,
  apiV3Key: API_V3_KEY,
  privateKey: inlinePem(merchant.privateKey),
  certSerial: 'MERCHANT-SERIAL-1',
  platformPublicKey: inlinePem(platform.publicKey),
  platformPublicKeyId: PUBLIC_KEY_ID,
  apiUrl,
  h5AppName: '寻迹',
  ...overrides,
});
const provider = (overrides?: Partial<WechatPaySettings>) =>
  new WechatPayProvider(settings(overrides), clock);

const payment = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderNo: 'XJ20250301120000001',
  amountFen: 1990,
  description: '流量包 1GB',
  clientType: 'native',
  clientIp: '203.0.113.7',
  expiresAt: NOW + 30 * 60_000,
  notifyUrl: 'https://pay.example.com/api/pay/notify/wechat',
  returnUrl: 'https://pay.example.com/pagesBuy/paySuccess/index',
  ...overrides,
});

const verifyRsaSha256 = (key: KeyObject, message: string, signature: string) =>
  createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');

describe('WeChat Pay v3 request signing', () => {
  it('signs each request over method, path with query, timestamp, nonce and body', async () => {
    await provider().prepare(payment());
    await provider().query('XJ20250301120000001');
    expect(standIn.requests).toHaveLength(2);
    for (const request of standIn.requests) {
      const match =
        /^WECHATPAY2-SHA256-RSA2048 mchid="(\d+)",nonce_str="(\w+)",signature="([^"]+)",timestamp="(\d+)",serial_no="([^"]+)"$/.exec(
          request.authorization,
        );
      expect(match, request.authorization).not.toBeNull();
      const [, mchid, nonce, signature, timestamp, serial] = match!;
      expect([mchid, serial, timestamp]).toEqual([MCHID, 'MERCHANT-SERIAL-1', String(NOW / 1000)]);
      const body = request.method === 'GET' ? '' : JSON.stringify(request.body);
      const message = `${request.method}\n${request.path}\n${timestamp}\n${nonce}\n${body}\n`;
      expect(verifyRsaSha256(merchant.publicKey, message, signature!)).toBe(true);
    }
    expect(standIn.requests[1]!.path).toBe(
      `/v3/pay/transactions/out-trade-no/XJ20250301120000001?mchid=${MCHID}`,
    );
  });

  it('is refused by the gateway when signed with another key (401 SIGN_ERROR)', async () => {
    const stranger = rsaPair();
    const call = provider({ privateKey: pemOf(stranger.privateKey) }).prepare(payment());
    await expect(call).rejects.toMatchObject({
      codeName: 'PAYMENT_SERVICE_ERROR',
      data: { reason: expect.stringContaining('401 SIGN_ERROR') },
    });
  });

  it('refuses an answer not signed by the configured platform key', async () => {
    const other = rsaPair();
    const call = provider({ platformPublicKey: pemOf(other.publicKey) }).prepare(payment());
    await expect(call).rejects.toBeInstanceOf(AppError);
    await expect(call).rejects.toMatchObject({
      data: { reason: expect.stringContaining('Wechatpay-Signature does not match') },
    });
  });

  it('asks for each client type with what WeChat Pay requires of it', async () => {
    const handoffs = await Promise.all([
      provider().prepare(payment({ orderNo: 'N1', clientType: 'native' })),
      provider().prepare(payment({ orderNo: 'H1', clientType: 'h5' })),
      provider().prepare(
        payment({ orderNo: 'J1', clientType: 'jsapi', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }),
      ),
      provider().prepare(payment({ orderNo: 'A1', clientType: 'app' })),
    ]);
    expect(handoffs.map((h) => h.kind)).toEqual(['qr', 'redirect', 'jsapi', 'app']);
    expect(standIn.order('H1')!.request).toMatchObject({
      time_expire: '2025-03-01T12:30:00+08:00',
      amount: { total: 1990, currency: 'CNY' },
      scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap', app_name: '寻迹' } },
    });
    expect(standIn.order('J1')!.request).toMatchObject({
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });
  });
});

describe('WeChat Pay client parameters', () => {
  it('JSAPI paySign is byte-exact: RSA-SHA256 over appId, timeStamp, nonceStr, package', async () => {
    const handoff = await provider().prepare(
      payment({ clientType: 'jsapi', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }),
    );
    if (handoff.kind !== 'jsapi') throw new Error(handoff.kind);
    const { params } = handoff;
    expect(params).toMatchObject({ appId: APPID, timeStamp: String(NOW / 1000), signType: 'RSA' });
    expect(params.package).toMatch(/^prepay_id=wx\w+$/);
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    // Computed again here with the test's own key through createSign…
    expect(params.paySign).toBe(
      createSign('RSA-SHA256').update(message).sign(merchant.privateKey, 'base64'),
    );
    // …and as `openssl dgst -sha256 -sign` does it: PKCS#1 v1.5 over the SHA-256 DigestInfo.
    const digestInfo = Buffer.concat([
      Buffer.from('3031300d060960864801650304020105000420', 'hex'),
      createHash('sha256').update(message).digest(),
    ]);
    const openssl = privateEncrypt(
      { key: merchant.privateKey, padding: constants.RSA_PKCS1_PADDING },
      digestInfo,
    ).toString('base64');
    expect(params.paySign).toBe(openssl);
  });

  it('app parameters: sign over appid, timestamp, noncestr and prepayid', async () => {
    const handoff = await provider().prepare(payment({ clientType: 'app' }));
    if (handoff.kind !== 'app') throw new Error(handoff.kind);
    const p = handoff.params;
    expect(p).toMatchObject({ appid: APPID, partnerid: MCHID, package: 'Sign=WXPay' });
    const message = `${p.appid}\n${p.timestamp}\n${p.noncestr}\n${p.prepayid}\n`;
    expect(verifyRsaSha256(merchant.publicKey, message, p.sign!)).toBe(true);
  });
});

const transaction = (overrides: object = {}) => ({
  appid: APPID,
  mchid: MCHID,
  out_trade_no: 'XJ20250301120000001',
  transaction_id: '4200000000202503011234567890',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  success_time: '2025-03-01T12:01:02+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: 1990, payer_total: 1990, currency: 'CNY' },
  ...overrides,
});

/** A notification as WeChat Pay sends it, signed `secondsAgo` before now. */
function notification(
  body = notificationBody('TRANSACTION.SUCCESS', transaction(), API_V3_KEY),
  secondsAgo = 3,
  signer = { serial: PUBLIC_KEY_ID, privateKey: platform.privateKey },
) {
  return { rawBody: body, headers: platformHeaders(signer, body, NOW / 1000 - secondsAgo) };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: Error) => (error instanceof NotificationRefused ? `refused: ${error.message}` : error),
  );

describe('WeChat Pay notifications', () => {
  it('a good notification: signature, then the decrypted transaction', async () => {
    await expect(provider().verifyNotification(notification())).resolves.toEqual({
      kind: 'payment',
      facts: {
        orderNo: 'XJ20250301120000001',
        state: 'paid',
        amountFen: 1990,
        merchantId: MCHID,
        tradeNo: '4200000000202503011234567890',
        payTime: Date.UTC(2025, 2, 1, 4, 1, 2),
      },
    });
  });

  it('a bad signature, as WeChat probes with WECHATPAY/SIGNTEST/, is refused', async () => {
    const good = notification();
    const probe = {
      ...good,
      headers: { ...good.headers, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/ABCDEFGHIJKLMN' },
    };
    expect(await refusal(provider().verifyNotification(probe))).toBe(
      'refused: Wechatpay-Signature does not match',
    );
    const tampered = { ...good, rawBody: good.rawBody.replace('"id":"', '"id":"x') };
    expect(await refusal(provider().verifyNotification(tampered))).toMatch(/does not match/);
  });

  it('a timestamp more than 5 minutes off is refused, either way', async () => {
    const body = notificationBody('TRANSACTION.SUCCESS', transaction(), API_V3_KEY);
    expect(await refusal(provider().verifyNotification(notification(body, 299)))).toBe('accepted');
    expect(await refusal(provider().verifyNotification(notification(body, 301)))).toMatch(
      /more than 5 minutes off/,
    );
    expect(await refusal(provider().verifyNotification(notification(body, -301)))).toMatch(
      /more than 5 minutes off/,
    );
  });

  it('an unknown serial is refused, even when its key signed correctly', async () => {
    const other = rsaPair();
    const forged = notification(undefined, 3, {
      serial: 'PUB_KEY_ID_OTHER',
      privateKey: other.privateKey,
    });
    expect(await refusal(provider().verifyNotification(forged))).toBe(
      'refused: unknown Wechatpay-Serial PUB_KEY_ID_OTHER',
    );
  });

  it('a GCM tag mismatch is refused although the signature over the body is good', async () => {
    const parsed = JSON.parse(
      notificationBody('TRANSACTION.SUCCESS', transaction(), API_V3_KEY),
    ) as {
      resource: { ciphertext: string };
    };
    const sealed = Buffer.from(parsed.resource.ciphertext, 'base64');
    sealed[sealed.length - 1]! ^= 0x01;
    parsed.resource.ciphertext = sealed.toString('base64');
    expect(
      await refusal(provider().verifyNotification(notification(JSON.stringify(parsed)))),
    ).toMatch(/^refused: resource not decrypted/);
    const otherKey = notificationBody('TRANSACTION.SUCCESS', transaction(), 'z'.repeat(32));
    expect(await refusal(provider().verifyNotification(notification(otherKey)))).toMatch(
      /^refused: resource not decrypted/,
    );
  });

  it("another merchant's transaction is refused", async () => {
    const body = notificationBody(
      'TRANSACTION.SUCCESS',
      transaction({ mchid: '1900000109' }),
      API_V3_KEY,
    );
    expect(await refusal(provider().verifyNotification(notification(body)))).toBe(
      'refused: merchant 1900000109 is not ours',
    );
  });

  it('refund notifications become refund facts', async () => {
    const refund = {
      mchid: MCHID,
      out_trade_no: 'XJ20250301120000001',
      transaction_id: '4200000000202503011234567890',
      out_refund_no: 'XJR1',
      refund_id: '50000000382019052709732678859',
      refund_status: 'SUCCESS',
      amount: { total: 1990, refund: 990, payer_total: 1990, payer_refund: 990 },
    };
    const body = notificationBody('REFUND.SUCCESS', refund, API_V3_KEY);
    await expect(provider().verifyNotification(notification(body))).resolves.toEqual({
      kind: 'refund',
      facts: {
        orderNo: 'XJ20250301120000001',
        refundNo: 'XJR1',
        state: 'success',
        refundFen: 990,
        providerRefundId: '50000000382019052709732678859',
      },
    });
    const abnormal = notificationBody(
      'REFUND.ABNORMAL',
      { ...refund, refund_status: 'ABNORMAL' },
      API_V3_KEY,
    );
    await expect(provider().verifyNotification(notification(abnormal))).resolves.toMatchObject({
      facts: { state: 'failed' },
    });
  });

  it('answers 204 when accepted and 400 {"code":"FAIL"} when refused', () => {
    expect(provider().reply(true)).toMatchObject({ status: 204, body: '' });
    const refused = provider().reply(false);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'FAIL' });
  });
});

describe('WeChat Pay platform-certificate mode', () => {
  const certificateStandIn = (() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechatpay-cert-'));
    fs.writeFileSync(path.join(dir, 'key.pem'), pemOf(platform.privateKey));
    execFileSync('openssl', [
      'req',
      '-x509',
      '-new',
      '-key',
      path.join(dir, 'key.pem'),
      '-subj',
      '/CN=Tenpay.com Root CA',
      '-days',
      '3650',
      '-out',
      path.join(dir, 'cert.pem'),
    ]);
    const certificate = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    fs.rmSync(dir, { recursive: true });
    return startWechatPayStandIn({
      mchid: MCHID,
      appid: APPID,
      merchantSerial: 'MERCHANT-SERIAL-1',
      merchantPublicKey: merchant.publicKey,
      apiV3Key: API_V3_KEY,
      platform: {
        serial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        privateKey: platform.privateKey,
      },
      platformCertificate: certificate,
    });
  })();
  let url: string;
  beforeAll(async () => {
    url = await certificateStandIn.listen();
    certificateStandIn.useClock(clock);
  });
  afterAll(() => certificateStandIn.close());

  it('downloads and decrypts the certificates, then verifies answers and notifications', async () => {
    const certificateMode = provider({
      apiUrl: url,
      platformPublicKey: undefined,
      platformPublicKeyId: undefined,
    });
    await expect(certificateMode.prepare(payment())).resolves.toMatchObject({ kind: 'qr' });
    const signer = {
      serial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      privateKey: platform.privateKey,
    };
    await expect(
      certificateMode.verifyNotification(notification(undefined, 3, signer)),
    ).resolves.toMatchObject({ kind: 'payment', facts: { state: 'paid' } });
    expect(await refusal(certificateMode.verifyNotification(notification()))).toBe(
      `refused: unknown Wechatpay-Serial ${PUBLIC_KEY_ID}`,
    );
    expect(certificateStandIn.requests.filter((r) => r.path === '/v3/certificates')).toHaveLength(
      1,
    );
  });

  it('refuses notifications while the certificates cannot be downloaded', async () => {
    const unreachable = provider({
      apiUrl: await closedPortUrl(),
      platformPublicKey: undefined,
      platformPublicKeyId: undefined,
    });
    expect(await refusal(unreachable.verifyNotification(notification()))).toMatch(
      /^refused: platform keys unavailable/,
    );
  });
});

describe('WeChat Pay keys', () => {
  it('reads the merchant key from a file when given a path', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechatpay-key-'));
    const file = path.join(dir, 'apiclient_key.pem');
    fs.writeFileSync(file, pemOf(merchant.privateKey));
    try {
      await expect(provider({ privateKey: file }).prepare(payment())).resolves.toMatchObject({
        kind: 'qr',
      });
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});
