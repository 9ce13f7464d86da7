import { createHash } from 'node:crypto';
import { Codes } from '@xunji/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsSdkSignature } from '../src/providers/wechat/wechat-js-sdk.js';
import { testDialects } from './support/databases.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { startWechatStandIn } from './support/wechat-stand-in.js';

const SIGN_URL = 'https://xunji.test/pagesMore/distribute/location?id=7';

describe('the JS-SDK signature', () => {
  it("is the official document's worked example", () => {
    expect(
      jsSdkSignature({
        ticket:
          'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('leaves the fragment out of the URL', () => {
    const input = { ticket: 't', nonceStr: 'n', timestamp: 1, url: 'https://a.test/p?q=1' };
    expect(jsSdkSignature({ ...input, url: `${input.url}#/x` })).toBe(jsSdkSignature(input));
  });
});

describe.each(testDialects())('POST /wx/js-sign on %s', (dialect) => {
  const wechat = startWechatStandIn('wx-mp', 'mp-secret');
  let server: TestServer;
  let bare: TestServer;
  let official: { WECHAT_API_URL: string; WECHAT_APP_ID: string; WECHAT_APP_SECRET: string };
  beforeAll(async () => {
    official = {
      WECHAT_API_URL: await wechat.listen(),
      WECHAT_APP_ID: 'wx-mp',
      WECHAT_APP_SECRET: 'mp-secret',
    };
    server = await startTestServer(dialect, official);
    bare = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
    await bare.close();
    await wechat.close();
  });
  beforeEach(() => wechat.reset());

  const sign = (target: TestServer, url = SIGN_URL) =>
    target.call<{ appId: string; timestamp: number; nonceStr: string; signature: string }>(
      'POST',
      '/wx/js-sign',
      { body: { url } },
    );

  it('signs a URL for wx.config with the ticket of the stable access token, no sign-in needed', async () => {
    const { body } = await sign(server, `${SIGN_URL}#share`);
    expect(body.code).toBe(0);
    const { appId, timestamp, nonceStr, signature } = body.data;
    expect(appId).toBe('wx-mp');
    expect(timestamp).toBe(Math.floor(server.clock.now() / 1000));
    const [ticket] = wechat.issuedTickets;
    const text = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${SIGN_URL}`;
    expect(signature).toBe(createHash('sha1').update(text).digest('hex'));
  });

  it('shares one ticket between concurrent calls and keeps it while it is valid', async () => {
    // a fresh server: nothing cached yet
    const fresh = await startTestServer(dialect, official);
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => sign(fresh)));
      expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(wechat.ticketRequests).toBe(1);
      expect(wechat.tokenRequests).toBe(1);
      await sign(fresh);
      expect(wechat.ticketRequests).toBe(1);
      // 5 minutes before the 2 hours are up, a new ticket is fetched
      fresh.clock.advance(7200_000 - 5 * 60_000);
      await sign(fresh);
      expect(wechat.ticketRequests).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  it('says WeChat is not answering (502, never a 500) when it refuses the ticket', async () => {
    const fresh = await startTestServer(dialect, official);
    try {
      wechat.answerNextWith({ errcode: -1, errmsg: 'system error' });
      const { status, body } = await sign(fresh);
      expect(status).toBe(502);
      expect(body.code).toBe(Codes.WECHAT_UNAVAILABLE.code);
      // The next call asks again and signs.
      expect((await sign(fresh)).body.code).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a URL that is not one', async () => {
    const { body } = await sign(server, 'not a url');
    expect(body.code).toBe(Codes.VALIDATION.code);
  });

  it('is not offered without the official account', async () => {
    const { body } = await sign(bare);
    expect(body.code).toBe(Codes.OAUTH_NOT_CONFIGURED.code);
  });
});
