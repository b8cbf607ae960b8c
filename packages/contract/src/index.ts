export * from './enums.js';
export * from './envelope.js';
export * from './auth.js';
export * from './user.js';
export * from './menu.js';
export * from './config.js';
export * from './register.js';
export * from './analysis.js';
