export * from './contract';
export * from './events';
export * from './names';
export * from './result';
export * from './views';
