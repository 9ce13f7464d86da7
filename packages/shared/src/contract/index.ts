import * as account from './account.js';
import * as app from './app.js';
import type { CallDefinition } from './define.js';

export * from './define.js';
export * from './entities.js';
export * as fields from './fields.js';

/** Every call of the API, by name. Each later area adds its module here. */
export const api = { ...account, ...app } satisfies Record<string, CallDefinition>;
export type Api = typeof api;
