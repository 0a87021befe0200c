export * from './agent';
export * from './tools';
