export * from './fields';
export * from './auth';
export * from './notes';
export * from './syllabus';
export * from './admin';
export * from './telemetry';
export * from './site';
export * from './uploads';
