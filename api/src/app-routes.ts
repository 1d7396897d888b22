/**
 * Registers every route, each plugin with only the services it uses (its options name them). Unknown /api paths
 * and the composed site come last.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { adminRecordRoutes } from './routes/admin-records';
import { authRoutes } from './routes/auth';
import { bookmarkRoutes } from './routes/bookmarks';
import { followRoutes } from './routes/follows';
import { healthRoutes } from './routes/health';
import { metricsRoutes } from './routes/metrics';
import { myUploadsRoutes } from './routes/my-uploads';
import { noteDownloadRoutes } from './routes/note-download';
import { noteUploadRoutes } from './routes/note-upload';
import { notesRoutes } from './routes/notes';
import { openApiRoutes } from './routes/openapi';
import { paperUploadRoutes } from './routes/paper-upload';
import { papersRoutes } from './routes/papers';
import { passwordResetRoutes } from './routes/password-reset';
import { questionsRoutes } from './routes/questions';
import { searchRoutes } from './routes/search';
import { signUpRoutes } from './routes/sign-up';
import { siteRoutes } from './routes/site';
import { studyRoutes } from './routes/study';
import { syllabusRoutes } from './routes/syllabus';
import { syllabusAdminRoutes } from './routes/syllabus-admin';
import { telemetryRoutes } from './routes/telemetry';
import { uploadReviewRoutes } from './routes/upload-reviews';

export async function registerRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, db, dialect, clock, audit, mail, accountMail, registrations, rateLimitFactor } = context;
  const { tokens, throttle, google, metrics, noteStore, downloadLinks, uploadReviews, readCache } = context;
  await app.register(healthRoutes, { config, readiness: context.readiness });
  await app.register(signUpRoutes, { db, clock, registrations, accountMail, audit, rateLimitFactor });
  await app.register(authRoutes, {
    db,
    clock,
    audit,
    tokens,
    throttle,
    metrics,
    google,
    registrations,
    rateLimitFactor,
  });
  await app.register(passwordResetRoutes, { db, clock, mail, accountMail, audit, throttle, rateLimitFactor });
  await app.register(accountRoutes, { config, db, clock, mail, audit, rateLimitFactor });
  await app.register(noteUploadRoutes, { config, noteStore, uploadReviews, metrics, rateLimitFactor });
  await app.register(paperUploadRoutes, { config, noteStore, uploadReviews, metrics, rateLimitFactor });
  await app.register(notesRoutes, { db, downloadLinks, readCache });
  await app.register(noteDownloadRoutes, { config, db, noteStore, downloadLinks });
  await app.register(papersRoutes, { config, db, noteStore, downloadLinks });
  await app.register(questionsRoutes, { db, uploadReviews, rateLimitFactor });
  await app.register(searchRoutes, { db, dialect, rateLimitFactor });
  await app.register(studyRoutes, { db, clock, rateLimitFactor });
  await app.register(bookmarkRoutes, { db, dialect, clock, rateLimitFactor });
  await app.register(followRoutes, {
    db,
    dialect,
    clock,
    unfollowLinks: context.unfollowLinks,
    rateLimitFactor,
  });
  await app.register(myUploadsRoutes, { config, noteStore, uploadReviews, downloadLinks });
  await app.register(uploadReviewRoutes, { uploadReviews });
  await app.register(syllabusRoutes, { db, readCache });
  await app.register(syllabusAdminRoutes, { db, clock, audit });
  await app.register(adminRoutes, { db, dialect, clock, audit });
  await app.register(adminRecordRoutes, { db });
  await app.register(telemetryRoutes, { canaryGuard: context.canaryGuard, rateLimitFactor });
  await app.register(metricsRoutes, { config, metrics, rateLimitFactor });
  await app.register(openApiRoutes);
  // Unknown API paths are errors, never the shell's index.html.
  app.all('/api/*', { config: { access: 'public' } }, (_request, reply) => reply.callNotFound());
  await app.register(siteRoutes, { config, reportTokens: context.reportTokens });
}
