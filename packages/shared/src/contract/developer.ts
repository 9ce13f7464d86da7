/** Spec §6 developer mode: the caller's own message log and a test alarm to themselves. */
import { z } from 'zod';
import { defineCall } from './define.js';
import { pageLimit, pageNumber } from './fields.js';
import { PushMessagePage } from './developer-entities.js';
import { routes } from './routes.js';

export const developerPushMessages = defineCall({
  ...routes.developerPushMessages,
  summary: 'Developers only: the messages sent to the caller, newest first, with their results',
  query: z.object({ page: pageNumber, limit: pageLimit(20) }),
  response: PushMessagePage,
});

export const developerTestAlarm = defineCall({
  ...routes.developerTestAlarm,
  summary: "Developers only: a test alarm pushed to each of the caller's push clients",
  response: z.object({ jobs: z.number().int() }),
});
