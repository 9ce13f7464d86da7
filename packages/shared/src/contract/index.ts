import * as account from './account.js';
import * as alarm from './alarm.js';
import * as app from './app.js';
import * as commerce from './commerce.js';
import * as developer from './developer.js';
import * as district from './district.js';
import * as fence from './fence.js';
import * as history from './history.js';
import * as places from './places.js';
import * as record from './record.js';
import * as share from './share.js';
import * as social from './social.js';
import * as remote from './remote.js';
import * as terminal from './terminal.js';
import type { CallDefinition } from './define.js';
import type { RouteName } from './routes.js';

export * from './define.js';
export * from './routes.js';
export * from './entities.js';
export * from './terminal-entities.js';
export * from './history-entities.js';
export * from './fence-entities.js';
export * from './alarm-entities.js';
export * from './district-entities.js';
export * from './remote-entities.js';
export * from './record-entities.js';
export * from './commerce-entities.js';
export * from './share-entities.js';
export * from './social-entities.js';
export * from './places-entities.js';
export * from './developer-entities.js';
export * from './map-settings.js';
export { HISTORY_TYPES, instantOf, type HistoryType } from './history-params.js';
export * as fields from './fields.js';

/** Every call of the API, by name. Each later area adds its module here. */
export const api = {
  ...account,
  ...app,
  ...terminal,
  ...history,
  ...district,
  ...places,
  ...fence,
  ...alarm,
  ...remote,
  ...record,
  ...commerce,
  ...share,
  ...social,
  ...developer,
} satisfies {
  [K in RouteName]: CallDefinition & { name: K };
};
export type Api = typeof api;
