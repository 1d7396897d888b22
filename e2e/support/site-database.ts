/**
 * The running site's SQLite file, for the few changes a test must make behind the API's back (an imported row,
 * a code mail moved into the past). WAL mode lets the server keep running meanwhile.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { deployDir } from './env';
import { dataDir } from './server';

export function withSiteDatabase<T>(change: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir(deployDir()), 'studyhub.db'));
  try {
    return change(db);
  } finally {
    db.close();
  }
}
