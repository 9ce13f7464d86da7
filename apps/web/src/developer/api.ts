import { routes } from '@xunji/shared';
import { call } from '../api/call';

/** The contract's page size of the message log. */
const MESSAGES_PER_PAGE = 20;

/** One page of the messages sent to the caller (developer mode only). */
export const fetchPushMessages = (page: number) =>
  call(
    routes.developerPushMessages,
    { query: { page, limit: MESSAGES_PER_PAGE } },
    {
      loading: false,
    },
  );

/** A test alarm pushed to each of the caller's push clients; answers how many. */
export const sendTestAlarm = () => call(routes.developerTestAlarm);
