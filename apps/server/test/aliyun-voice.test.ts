import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { AliyunVoiceCallProvider } from '../src/providers/voice/aliyun-voice-call-provider.js';
import { createVoiceCallProvider } from '../src/providers/voice/create-voice-call-provider.js';
import { createWechatSender } from '../src/providers/wechat/create-wechat-sender.js';
import { DevOutboxRepository } from '../src/repositories/dev-outbox.repository.js';
import { startAliyunStandIn } from './support/aliyun-stand-in.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { closedPortUrl } from './support/local-http.js';

const SECRET = 'voice-secret';
const notice = { deviceName: '爸爸的车', alarmName: '震动报警', time: '2025-03-01 02:40' };

describe('Aliyun voice call (SingleCallByTts)', () => {
  const standIn = startAliyunStandIn(SECRET, { CallId: '116012354148^10281378' });
  let endpoint: string;
  beforeAll(async () => {
    endpoint = await standIn.listen();
  });
  afterAll(() => standIn.close());
  beforeEach(() => standIn.reset());

  const provider = (options: { secret?: string; endpoint?: string } = {}) =>
    new AliyunVoiceCallProvider({
      endpoint: options.endpoint ?? endpoint,
      accessKeyId: 'voice-key',
      accessKeySecret: options.secret ?? SECRET,
      showNumber: '057188773344',
      ttsCode: 'TTS_10001',
    });

  it('calls with the TTS template and answers the CallId', async () => {
    expect(await provider().call('13800138000', notice)).toEqual({
      ok: true,
      reference: '116012354148^10281378',
    });
    const [request] = standIn.received;
    expect(request).toMatchObject({
      Action: 'SingleCallByTts',
      Version: '2017-05-25',
      AccessKeyId: 'voice-key',
      CalledShowNumber: '057188773344',
      CalledNumber: '13800138000',
      TtsCode: 'TTS_10001',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
    });
    expect(JSON.parse(request?.TtsParam ?? '')).toEqual({
      device: '爸爸的车',
      alarm: '震动报警',
      time: '2025-03-01 02:40',
      address: '未知',
    });
  });

  it('fails for good when the signature or the number is refused', async () => {
    expect(await provider({ secret: 'wrong' }).call('13800138000', notice)).toMatchObject({
      ok: false,
      retryable: false,
      status: 400,
      reason: expect.stringMatching(/SignatureDoesNotMatch/),
    });
    standIn.answerWith({ Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'invalid number' });
    expect(await provider().call('1', notice)).toEqual({
      ok: false,
      retryable: false,
      status: 200,
      reason: 'Aliyun voice refused: isv.MOBILE_NUMBER_ILLEGAL invalid number',
    });
  });

  it('may retry after throttling, a server error or no connection', async () => {
    standIn.answerWith({ Code: 'Throttling.User', Message: 'too fast' });
    expect(await provider().call('13800138000', notice)).toMatchObject({ retryable: true });
    standIn.answerWith({ Code: 'InternalError', Message: 'oops' }, 500);
    expect(await provider().call('13800138000', notice)).toMatchObject({
      retryable: true,
      status: 500,
    });
    const nowhere = provider({ endpoint: await closedPortUrl() });
    expect(await nowhere.call('13800138000', notice)).toMatchObject({
      ok: false,
      retryable: true,
      reason: expect.stringMatching(/unreachable/),
    });
  });

  it('is chosen by VOICE_PROVIDER=aliyun', () => {
    const config = loadConfig({
      VOICE_PROVIDER: 'aliyun',
      ALIYUN_VOICE_ENDPOINT: endpoint,
      ALIYUN_VOICE_ACCESS_KEY_ID: 'voice-key',
      ALIYUN_VOICE_ACCESS_KEY_SECRET: SECRET,
      ALIYUN_VOICE_SHOW_NUMBER: '057188773344',
      ALIYUN_VOICE_TTS_CODE: 'TTS_10001',
    });
    const outbox = {} as DevOutboxRepository;
    expect(createVoiceCallProvider(config, outbox, pino({ level: 'silent' })).name).toBe('aliyun');
  });
});

describe.each(testDialects())('development voice provider on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  it('keeps what the call would say in dev_outbox', async () => {
    const outbox = new DevOutboxRepository(database.handle.db);
    const voice = createVoiceCallProvider(loadConfig({}), outbox, pino({ level: 'silent' }));
    expect(voice.name).toBe('development');
    const first = await voice.call('13800138000', notice);
    const second = await voice.call('13900139000', { ...notice, address: '上海市' });
    const rows = await outbox.list({ channel: 'voice' });
    expect(rows.map((r) => [r.recipient, r.body])).toEqual([
      ['13900139000', '【寻迹】爸爸的车 2025-03-01 02:40 震动报警，位置：上海市'],
      ['13800138000', '【寻迹】爸爸的车 2025-03-01 02:40 震动报警'],
    ]);
    expect([first, second]).toEqual([
      { ok: true, reference: `dev-${rows[1]?.id}` },
      { ok: true, reference: `dev-${rows[0]?.id}` },
    ]);
    expect(await outbox.list({ recipient: '13800138000' })).toHaveLength(1);
  });
});

describe('turned-off channels', () => {
  it('fail at once and for good, saying the channel is off', async () => {
    const config = loadConfig({ VOICE_PROVIDER: 'off', WECHAT_PROVIDER: 'off' });
    const outbox = {} as DevOutboxRepository;
    const logger = pino({ level: 'silent' });
    const voice = createVoiceCallProvider(config, outbox, logger);
    const wechat = createWechatSender(config, outbox, logger);
    expect(await voice.call('13800000001', notice)).toEqual({
      ok: false,
      retryable: false,
      reason: 'alarm phone calls are turned off on this server',
    });
    expect(await wechat.send('openid', notice)).toMatchObject({ ok: false, retryable: false });
  });
});
