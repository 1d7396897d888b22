import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('defaults to loopback on port 8080', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(8080);
    expect(config.deployDir).toMatch(/deploy$/);
  });

  it.each(['abc', '-1', '70000', '80.5'])('rejects PORT=%s with a readable error', (value) => {
    expect(() => loadConfig({ PORT: value })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: value })).toThrow(/PORT must be a whole number/);
  });

  it('rejects an unknown LOG_LEVEL', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });
});
