import {
  compareVersions,
  type Advertisement,
  type AppConfig,
  type MapSettings,
  type Notice,
  type VersionCheck,
} from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { ContentSettings } from '../content-settings.js';
import type { ApplicationRow, NoticeRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { AppContentRepository } from '../repositories/app-content.repository.js';
import type { SocialSettings } from '../social-settings.js';

const toNotice = (row: NoticeRow): Notice => ({
  id: row.id,
  title: row.title,
  content: row.content,
  publishedAt: row.publishedAt,
});

/** What the app loads at launch: configuration, versions, notices and advertisements. */
export class AppContentService {
  constructor(
    private readonly content: AppContentRepository,
    private readonly clock: Clock,
    private readonly maps: MapSettings,
    /** An AMap key is configured: the app offers nearby petrol and charging stations. */
    private readonly placesAround: boolean,
    private readonly social: SocialSettings,
    private readonly operatorContent: ContentSettings,
  ) {}

  configuration(app: ApplicationRow): AppConfig {
    return {
      applicationId: app.id,
      name: app.name,
      productionEnv: app.productionEnv === 1,
      auditModeIos: app.auditModeIos === 1,
      auditModeAndroid: app.auditModeAndroid === 1,
      auditModeWeb: app.auditModeWeb === 1,
      pushAlarm: app.pushAlarm === 1,
      wechatAlarm: app.wechatAlarm === 1,
      smsAlarm: app.smsAlarm === 1,
      phoneAlarm: app.phoneAlarm === 1,
      activation: app.activation === 1,
      panorama: app.panorama === 1,
      customerService: app.customerService === 1,
      appManual: app.appManual === 1,
      placesAround: this.placesAround,
      manualUrl: this.operatorContent.manualUrl,
      webViewOrigins: this.operatorContent.webViewOrigins,
      supportPhone: app.supportPhone,
      supportEmail: app.supportEmail,
      maps: this.maps,
      oauth: {
        wechatMpAppId: this.social.wechatMp?.appId ?? null,
        wechatOpenAppId: this.social.wechatOpen?.appId ?? null,
        // The web's Services ID is the first of APPLE_CLIENT_IDS (docs/sharing.md).
        appleClientId: this.social.apple?.clientIds[0] ?? null,
        appleRedirectUri: this.social.apple?.redirectUri ?? null,
        wechatOpenUrl: this.social.wechatOpenUrl,
        appleUrl: this.social.apple?.apiUrl ?? null,
      },
      wechatMpQrCodeUrl: this.social.wechatMpQrCodeUrl ?? null,
    };
  }

  async checkVersion(
    applicationId: number,
    input: { platform: string; version: string; versionCode: number },
  ): Promise<VersionCheck> {
    const release = await this.content.findVersion(applicationId, input.platform);
    const hasUpdate =
      release !== undefined &&
      (compareVersions(release.version, input.version) > 0 ||
        release.versionCode > input.versionCode);
    return {
      hasUpdate,
      force: hasUpdate && release.force === 1,
      version: release?.version ?? null,
      versionCode: release?.versionCode ?? null,
      url: release?.url ?? null,
      notes: release?.notes ?? null,
    };
  }

  async releasedVersion(applicationId: number, platform: string) {
    const release = await this.content.findVersion(applicationId, platform);
    return release ? { version: release.version, versionCode: release.versionCode } : null;
  }

  async latestNotice(applicationId: number): Promise<Notice | null> {
    const row = await this.content.latestNotice(applicationId, this.clock.now());
    return row ? toNotice(row) : null;
  }

  async notice(applicationId: number, id: number): Promise<Notice> {
    const row = await this.content.findNotice(applicationId, id);
    if (!row || row.publishedAt > this.clock.now()) throw new AppError('NOT_FOUND');
    return toNotice(row);
  }

  async publishedAds(applicationId: number): Promise<Advertisement[]> {
    const rows = await this.content.activeAds(applicationId, this.clock.now());
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      imageUrl: row.imageUrl,
      linkUrl: row.linkUrl,
      displaySeconds: row.displaySeconds,
    }));
  }

  async clickAd(applicationId: number, id: number): Promise<{ linkUrl: string | null }> {
    const ad = await this.content.recordAdClick(applicationId, id);
    if (!ad) throw new AppError('NOT_FOUND');
    return { linkUrl: ad.linkUrl };
  }
}
