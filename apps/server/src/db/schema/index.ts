export * from './interop.js';
export * from './jobs.js';
export * from './operations.js';
export * from './organisation.js';
export * from './patients.js';
export * from './people.js';
export * from './relations.js';
export * from './signing.js';
