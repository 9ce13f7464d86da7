import { z } from 'zod';
import { defineCall } from './define.js';
import { Advertisement, AppConfig, Notice, ReleasedVersion, VersionCheck } from './entities.js';
import { id, platform, version } from './fields.js';

/** Launch-time calls: configuration, versions, notices and advertisements. */
export const appConfiguration = defineCall({
  method: 'GET',
  path: '/application-configuration',
  summary: 'The configuration flags of the calling application (spec §9)',
  auth: 'public',
  response: AppConfig,
});

export const checkVersion = defineCall({
  method: 'POST',
  path: '/upgrade-app-version/check-version',
  summary: 'Whether a newer release exists for this platform',
  auth: 'public',
  body: z.object({ platform, version, versionCode: z.number().int().nonnegative() }),
  response: VersionCheck,
});

export const auditVersion = defineCall({
  method: 'GET',
  path: '/upgrade-app-version/audit-version',
  summary: 'The released version per platform; a newer app is a review build (audit mode, §4)',
  auth: 'public',
  query: z.object({ platform }),
  response: ReleasedVersion,
});

export const latestNotice = defineCall({
  method: 'GET',
  path: '/notice/latest',
  summary: 'The latest published notice, or null',
  auth: 'public',
  response: Notice.nullable(),
});

export const noticeById = defineCall({
  method: 'GET',
  path: '/notice/:id',
  summary: 'One notice',
  auth: 'public',
  params: z.object({ id }),
  response: Notice,
});

export const publishedAds = defineCall({
  method: 'GET',
  path: '/app-ad/publish/:applicationId',
  summary: 'The advertisements to show at launch now',
  auth: 'public',
  params: z.object({ applicationId: id }),
  response: z.array(Advertisement),
});

export const adClick = defineCall({
  method: 'GET',
  path: '/app-ad/click/:id',
  summary: 'Count a tap on an advertisement; answers where it leads',
  auth: 'public',
  params: z.object({ id }),
  response: z.object({ linkUrl: z.string().nullable() }),
});
