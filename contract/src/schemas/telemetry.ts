/**
 * What a browser reports about an area (decision 025): that a version of it opened, or failed to load, or crashed
 * while rendering. Names from fixed lists, a version shaped like a release folder and the server's own report
 * token: nothing personal, no free text, so a report can say nothing but which build did what.
 */
import { z } from 'zod';
import { AREAS, VERSION_PATTERN } from '../remotes';
import { lengthLimit } from './fields';

/**
 * `ok`: the area's pages opened (the denominator of a failure rate); `load`: its code failed to load; `render`:
 * its error boundary caught a crash. Each is sent at most once per area, version and kind per page load.
 */
export const AREA_REPORT_KINDS = ['ok', 'load', 'render'] as const;
export type AreaReportKind = (typeof AREA_REPORT_KINDS)[number];

export const AREA_REPORT_MESSAGES = {
  report: 'Not an area report.',
  area: 'Unknown area.',
  version: 'Not a release version.',
  kind: 'Unknown report kind.',
  token: 'Not a report token.',
} as const;

/** Four areas with a stable and a canary version of 64 characters each, their names, expiry and signature. */
export const REPORT_TOKEN_MAX_LENGTH = 1024;

/** Strict: a body with any other field did not come from our shell, and is refused rather than trimmed. */
export const areaReport = z.strictObject(
  {
    area: z.enum(AREAS, { error: AREA_REPORT_MESSAGES.area }),
    version: z
      .string({ error: AREA_REPORT_MESSAGES.version })
      .max(...lengthLimit(64, AREA_REPORT_MESSAGES.version))
      .regex(VERSION_PATTERN, { error: AREA_REPORT_MESSAGES.version }),
    kind: z.enum(AREA_REPORT_KINDS, { error: AREA_REPORT_MESSAGES.kind }),
    /** From REPORT_TOKEN_HEADER. Optional: a report without one (a page from before tokens) is answered, not counted. */
    token: z
      .string({ error: AREA_REPORT_MESSAGES.token })
      .max(...lengthLimit(REPORT_TOKEN_MAX_LENGTH, AREA_REPORT_MESSAGES.token))
      .regex(/^[\x21-\x7e]+$/, { error: AREA_REPORT_MESSAGES.token })
      .optional(),
  },
  { error: AREA_REPORT_MESSAGES.report },
);
export type AreaReport = z.infer<typeof areaReport>;
