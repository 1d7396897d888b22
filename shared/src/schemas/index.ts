export * from './fields';
export * from './auth';
export * from './notes';
export * from './syllabus';
export * from './admin';
