export * from './agent';
export * from './tools';
export * from './vocabulary';
export * from './cards';
export * from './conversation';
export * from './checkpoints';
export * from './models';
export * from './delegation';
