import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../config.ts';
import { resolveLogFormat } from './logger.ts';

test('LOG_FORMAT auto (the default) is pretty on a terminal and JSON otherwise; pretty and json are kept', () => {
  const auto = loadConfig({});
  assert.equal(auto.logFormat, 'auto');
  assert.equal(resolveLogFormat(auto, { isTTY: true }), 'pretty');
  assert.equal(resolveLogFormat(auto, { isTTY: false }), 'json');
  assert.equal(resolveLogFormat(loadConfig({ LOG_FORMAT: 'json' }), { isTTY: true }), 'json');
  assert.equal(resolveLogFormat(loadConfig({ TOOLGATE_LOG_FORMAT: 'pretty' }), {}), 'pretty');
  assert.throws(() => loadConfig({ LOG_FORMAT: 'xml' }), ConfigError);
  assert.equal(loadConfig({}).logLevel, 'info');
});
