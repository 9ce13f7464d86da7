import { Codes } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from './support/databases.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe.each(testDialects())('launch content on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('answers the §9 configuration flags of application 1', async () => {
    const { body } = await server.call('GET', '/application-configuration');
    expect(body.data).toMatchObject({
      applicationId: 1,
      productionEnv: true,
      auditModeIos: true,
      auditModeAndroid: true,
      pushAlarm: true,
      wechatAlarm: true,
      smsAlarm: true,
      phoneAlarm: false,
      activation: true,
      panorama: false,
      customerService: true,
      appManual: false,
    });
  });

  it('serves the flags of the application named by the header', async () => {
    const other = await server.repositories.applications.create({
      name: 'Brand B',
      panorama: 1,
      createdAt: Date.now(),
    });
    const { body } = await server.call('GET', '/application-configuration', {
      applicationId: other.id,
    });
    expect(body.data).toMatchObject({ applicationId: other.id, name: 'Brand B', panorama: true });
  });

  describe('versions', () => {
    const check = (version: string, versionCode: number) =>
      server.call<{ hasUpdate: boolean; force: boolean; version: string | null }>(
        'POST',
        '/upgrade-app-version/check-version',
        {
          body: { platform: 'android', version, versionCode },
        },
      );

    it('has no update and no released version before one is set', async () => {
      expect((await check('1.1.2', 103)).body.data).toMatchObject({
        hasUpdate: false,
        version: null,
      });
      const audit = await server.call('GET', '/upgrade-app-version/audit-version?platform=android');
      expect(audit.body).toMatchObject({ code: 0, data: null });
    });

    it('offers a newer release, forced when marked so', async () => {
      await server.repositories.appContent.setVersion({
        applicationId: 1,
        platform: 'android',
        version: '1.1.10',
        versionCode: 110,
        url: 'https://example.com/a.apk',
        notes: 'fixes',
        force: 1,
        createdAt: Date.now(),
      });
      expect((await check('1.1.2', 103)).body.data).toMatchObject({
        hasUpdate: true,
        force: true,
        version: '1.1.10',
      });
      expect((await check('1.1.10', 110)).body.data).toMatchObject({
        hasUpdate: false,
        force: false,
      });
      const audit = await server.call('GET', '/upgrade-app-version/audit-version?platform=android');
      expect(audit.body.data).toEqual({ version: '1.1.10', versionCode: 110 });
    });

    it('validates the version call', async () => {
      const bad = await server.call('POST', '/upgrade-app-version/check-version', {
        body: { platform: 'symbian', version: '1.x', versionCode: 1 },
      });
      expect(bad.body).toMatchObject({ code: Codes.VALIDATION.code, data: { field: 'platform' } });
      const audit = await server.call('GET', '/upgrade-app-version/audit-version');
      expect(audit.body.code).toBe(Codes.VALIDATION.code);
    });
  });

  describe('notices', () => {
    it('answers null when nothing is published, then the latest published notice', async () => {
      expect((await server.call('GET', '/notice/latest')).body).toMatchObject({
        code: 0,
        data: null,
      });
      const first = await server.repositories.appContent.createNotice(
        1,
        'First',
        'one',
        Date.now() - 1000,
      );
      const second = await server.repositories.appContent.createNotice(
        1,
        'Second',
        'two',
        Date.now(),
      );
      await server.repositories.appContent.createNotice(
        1,
        'Future',
        'later',
        Date.now() + 3600_000,
      );
      expect((await server.call('GET', '/notice/latest')).body.data).toMatchObject({
        id: second.id,
        title: 'Second',
      });
      expect((await server.call('GET', `/notice/${first.id}`)).body.data).toMatchObject({
        title: 'First',
        content: 'one',
      });
    });

    it('answers 404 for an unknown or future notice and a validation error for a bad id', async () => {
      const future = await server.repositories.appContent.createNotice(
        1,
        'Soon',
        'x',
        Date.now() + 3600_000,
      );
      expect((await server.call('GET', `/notice/${future.id}`)).body.code).toBe(
        Codes.NOT_FOUND.code,
      );
      expect((await server.call('GET', '/notice/99999')).body.code).toBe(Codes.NOT_FOUND.code);
      expect((await server.call('GET', '/notice/abc')).body.code).toBe(Codes.VALIDATION.code);
    });
  });

  describe('advertisements', () => {
    it('publishes current ads only and counts clicks', async () => {
      const now = Date.now();
      const live = await server.repositories.appContent.createAd({
        applicationId: 1,
        title: 'Live',
        imageUrl: '/ads/a.png',
        linkUrl: 'https://example.com',
        displaySeconds: 5,
        startsAt: now - 1000,
        endsAt: null,
        clicks: 0,
        createdAt: now,
      });
      await server.repositories.appContent.createAd({
        applicationId: 1,
        title: 'Over',
        imageUrl: '/ads/b.png',
        linkUrl: null,
        displaySeconds: 5,
        startsAt: now - 5000,
        endsAt: now - 1000,
        clicks: 0,
        createdAt: now,
      });
      const { body } = await server.call<{ title: string }[]>('GET', '/app-ad/publish/1');
      expect(body.data.map((ad) => ad.title)).toEqual(['Live']);
      const click = await server.call('GET', `/app-ad/click/${live.id}`);
      expect(click.body.data).toEqual({ linkUrl: 'https://example.com' });
      const row = await server.database.handle.db
        .selectFrom('appAds')
        .select('clicks')
        .where('id', '=', live.id)
        .executeTakeFirstOrThrow();
      expect(row.clicks).toBe(1);
      expect((await server.call('GET', '/app-ad/click/424242')).body.code).toBe(
        Codes.NOT_FOUND.code,
      );
    });
  });
});
