export * from './contract';
export * from './requests';
export * from './events';
export * from './channels';
export * from './result';
export * from './views';
