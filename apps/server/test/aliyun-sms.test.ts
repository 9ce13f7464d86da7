import { Codes } from '@xunji/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signAliyunRpc } from '../src/providers/aliyun/aliyun-rpc.js';
import { AliyunSmsProvider } from '../src/providers/sms/aliyun-sms-provider.js';
import { SmsSendError } from '../src/providers/sms/sms-provider.js';
import { startAliyunStandIn } from './support/aliyun-stand-in.js';
import { solvedCaptcha, startTestServer, type TestServer } from './support/test-server.js';

const SECRET = 'stand-in-secret';

describe('Aliyun SMS adapter', () => {
  const standIn = startAliyunStandIn(SECRET, { BizId: 'biz-1' });
  let endpoint: string;
  beforeAll(async () => {
    endpoint = await standIn.listen();
  });
  afterAll(() => standIn.close());
  beforeEach(() => standIn.reset());

  const provider = (secret = SECRET, alarm = { alarmTemplateCode: 'SMS_ALARM' }) =>
    new AliyunSmsProvider({
      endpoint,
      accessKeyId: 'key-id',
      accessKeySecret: secret,
      signName: '寻迹',
      templateCode: 'SMS_123',
      ...alarm,
    });
  const notice = {
    deviceName: '爸爸的车',
    alarmName: '超速报警',
    time: '2025-03-01 08:15',
    address: '北京市海淀区中关村大街 1 号',
  };

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

  it('sends an alarm with the alarm template and answers the BizId', async () => {
    expect(await provider().sendAlarm('13800138000', notice)).toEqual({
      ok: true,
      reference: 'biz-1',
    });
    const [request] = standIn.received;
    expect(request).toMatchObject({
      Action: 'SendSms',
      PhoneNumbers: '13800138000',
      SignName: '寻迹',
      TemplateCode: 'SMS_ALARM',
    });
    expect(JSON.parse(request?.TemplateParam ?? '')).toEqual({
      device: '爸爸的车',
      alarm: '超速报警',
      time: '2025-03-01 08:15',
      address: '北京市海淀区中关村大街 1 号',
    });
  });

  it('fills the variables Aliyun refuses empty or too long', async () => {
    await provider().sendAlarm('13800138000', {
      ...notice,
      address: undefined,
      deviceName: 'x'.repeat(50),
    });
    const variables = JSON.parse(standIn.received[0]?.TemplateParam ?? '') as Record<
      string,
      string
    >;
    expect(variables.address).toBe('未知');
    expect(variables.device).toBe(`${'x'.repeat(34)}…`);
  });

  it('refuses an alarm when no alarm template is configured', async () => {
    const unconfigured = provider(SECRET, { alarmTemplateCode: '' });
    await expect(unconfigured.sendAlarm('13800138000', notice)).rejects.toThrow(SmsSendError);
    await expect(unconfigured.sendAlarm('13800138000', notice)).rejects.toThrow(/not configured/);
    expect(standIn.received).toEqual([]);
  });

  it('reports a refused alarm as a failure, retryable only when Aliyun may take it later', async () => {
    expect(await provider('wrong-secret').sendAlarm('13800138000', notice)).toMatchObject({
      ok: false,
      retryable: false,
      status: 400,
      reason: expect.stringMatching(/SignatureDoesNotMatch/),
    });
    standIn.answerWith({ Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'illegal' });
    expect(await provider().sendAlarm('1', notice)).toMatchObject({ ok: false, retryable: false });
    standIn.answerWith({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit' });
    expect(await provider().sendAlarm('1', notice)).toMatchObject({ ok: false, retryable: true });
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
