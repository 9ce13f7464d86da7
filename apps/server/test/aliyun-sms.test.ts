import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Codes } from '@xunji/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AliyunSmsProvider, signAliyunRpc } from '../src/providers/sms/aliyun-sms-provider.js';
import { SmsSendError } from '../src/providers/sms/sms-provider.js';
import { solvedCaptcha, startTestServer, type TestServer } from './support/test-server.js';

const SECRET = 'stand-in-secret';

/** A local stand-in for dysmsapi.aliyuncs.com that checks the request as Aliyun does. */
function startStandIn() {
  const received: Record<string, string>[] = [];
  let answer: { Code: string; Message: string } = { Code: 'OK', Message: 'OK' };
  const server = http.createServer((request, response) => {
    const params = Object.fromEntries(new URL(request.url ?? '/', 'http://x').searchParams);
    const { Signature, ...signed } = params;
    const valid = Signature === signAliyunRpc('GET', signed, SECRET);
    received.push(params);
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify(
        valid
          ? { ...answer, RequestId: 'r1', BizId: 'b1' }
          : { Code: 'SignatureDoesNotMatch', Message: 'bad signature' },
      ),
    );
  });
  return {
    received,
    answerWith: (next: typeof answer) => (answer = next),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Aliyun SMS adapter', () => {
  const standIn = startStandIn();
  let endpoint: string;
  beforeAll(async () => {
    endpoint = await standIn.listen();
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.received.length = 0;
    standIn.answerWith({ Code: 'OK', Message: 'OK' });
  });

  const provider = (secret = SECRET) =>
    new AliyunSmsProvider({
      endpoint,
      accessKeyId: 'key-id',
      accessKeySecret: secret,
      signName: '寻迹',
      templateCode: 'SMS_123',
    });

  it('signs as the Aliyun documentation example does', () => {
    const signature = signAliyunRpc(
      'GET',
      {
        Timestamp: '2016-02-23T12:46:24Z',
        Format: 'XML',
        AccessKeyId: 'testid',
        Action: 'DescribeRegions',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
        Version: '2014-05-26',
        SignatureVersion: '1.0',
      },
      'testsecret',
    );
    expect(signature).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('sends SendSms with the template parameter and a valid signature', async () => {
    await provider().sendVerificationCode('13800138000', '654321');
    const [request] = standIn.received;
    expect(request).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      PhoneNumbers: '13800138000',
      SignName: '寻迹',
      TemplateCode: 'SMS_123',
      TemplateParam: '{"code":"654321"}',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
    });
    expect(request?.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('fails with SmsSendError when the signature is refused or the vendor says no', async () => {
    await expect(provider('wrong-secret').sendVerificationCode('13800138000', '1')).rejects.toThrow(
      SmsSendError,
    );
    standIn.answerWith({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit' });
    await expect(provider().sendVerificationCode('13800138000', '1')).rejects.toThrow(
      /BUSINESS_LIMIT_CONTROL/,
    );
  });

  describe('behind /sms-code', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer('sqlite', {
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ENDPOINT: endpoint,
        ALIYUN_SMS_ACCESS_KEY_ID: 'key-id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: SECRET,
        ALIYUN_SMS_SIGN_NAME: '寻迹',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123',
      });
    });
    afterAll(() => server.close());

    it('delivers the code through the vendor, not the outbox', async () => {
      const query = new URLSearchParams({
        phoneNumber: '13800138001',
        ...(await solvedCaptcha(server)),
      });
      expect((await server.call('GET', `/sms-code?${query}`)).body.code).toBe(0);
      expect(standIn.received[0]?.TemplateParam).toMatch(/^\{"code":"\d{6}"\}$/);
      expect(await server.repositories.sms.outbox()).toEqual([]);
    });

    it('answers SMS_SEND_FAILED when the vendor refuses', async () => {
      standIn.answerWith({ Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'illegal' });
      const query = new URLSearchParams({
        phoneNumber: '13800138002',
        ...(await solvedCaptcha(server)),
      });
      expect((await server.call('GET', `/sms-code?${query}`)).body.code).toBe(
        Codes.SMS_SEND_FAILED.code,
      );
    });
  });
});
