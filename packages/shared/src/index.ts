export * from './codes.js';
export * from './constants.js';
export * from './contract/index.js';
export * from './geo.js';
export * from './password.js';
export * from './validation-messages.js';
export * from './validators.js';
export * from './version.js';
