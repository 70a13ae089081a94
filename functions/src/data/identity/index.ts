export * from './cognito';
export * from './passwords';
