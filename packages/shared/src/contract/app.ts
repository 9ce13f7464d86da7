import { z } from 'zod';
import { defineCall } from './define.js';
import { routes } from './routes.js';
import { Advertisement, AppConfig, Notice, ReleasedVersion, VersionCheck } from './entities.js';
import { id, platform, version } from './fields.js';

/** Launch-time calls: configuration, versions, notices and advertisements. */
export const appConfiguration = defineCall({
  ...routes.appConfiguration,
  summary: 'The configuration flags of the calling application (spec §9)',
  response: AppConfig,
});

export const checkVersion = defineCall({
  ...routes.checkVersion,
  summary: 'Whether a newer release exists for this platform',
  body: z.object({ platform, version, versionCode: z.number().int().nonnegative() }),
  response: VersionCheck,
});

export const auditVersion = defineCall({
  ...routes.auditVersion,
  summary: 'The released version per platform; a newer app is a review build (audit mode, §4)',
  query: z.object({ platform }),
  response: ReleasedVersion,
});

export const latestNotice = defineCall({
  ...routes.latestNotice,
  summary: 'The latest published notice, or null',
  response: Notice.nullable(),
});

export const noticeById = defineCall({
  ...routes.noticeById,
  summary: 'One notice',
  params: z.object({ id }),
  response: Notice,
});

export const publishedAds = defineCall({
  ...routes.publishedAds,
  summary: 'The advertisements to show at launch now',
  params: z.object({ applicationId: id }),
  response: z.array(Advertisement),
});

export const adClick = defineCall({
  ...routes.adClick,
  summary: 'Count a tap on an advertisement; answers where it leads',
  params: z.object({ id }),
  response: z.object({ linkUrl: z.string().nullable() }),
});
