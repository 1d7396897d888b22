/**
 * Decision 022: the served OpenAPI document is one a client can use, judged by linters nobody here wrote —
 * Redocly's recommended ruleset and Spectral's `oas` ruleset — with no problem at any severity: every operation
 * has a summary, an operationId, a group and its security; the servers and both security schemes are declared;
 * every required property is defined.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { OPENAPI_PATH } from '../src/routes/openapi';
import { buildTestApp, type TestApp } from './support/apps';

let t: TestApp;
let document: string;

beforeAll(async () => {
  t = await buildTestApp();
  const reply = await t.app.inject(OPENAPI_PATH);
  expect(reply.statusCode).toBe(200);
  document = reply.body;
});
afterAll(async () => {
  await t.close();
});

describe('the OpenAPI document under outside linters', () => {
  it("Redocly's recommended ruleset finds nothing", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: document, absoluteRef: OPENAPI_PATH, config });
    expect(
      problems.map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`),
    ).toEqual([]);
  });

  it("Spectral's oas ruleset finds nothing", async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [[oas as spectralCore.RulesetDefinition, 'recommended']] });
    const results = await spectral.run(
      new spectralCore.Document(document, spectralParsers.Json, OPENAPI_PATH),
    );
    expect(results.map((result) => `${result.code}: ${result.message} (${result.path.join('/')})`)).toEqual(
      [],
    );
  });
});
