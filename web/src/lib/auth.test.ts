import { describe, expect, test } from 'vitest';
import { canSee, landingHash, makeAuth } from './auth.tsx';

const analyst = makeAuth(
  { name: 'a', role: 'analyst', capabilities: ['svc_view_analytics'], prefix: 'tgk_12345678' },
  () => undefined,
);
const admin = makeAuth(
  { name: 'root', role: 'administrator', capabilities: ['manage_options'], prefix: 'tgk_87654321' },
  () => undefined,
);

describe('where a key lands after signing in', () => {
  test('an analyst on the keys page an administrator left lands on the home page', () => {
    expect(landingHash(analyst, '#/keys')).toBe('#/');
    expect(landingHash(analyst, '#/servers/0b6c/tools')).toBe('#/');
    expect(landingHash(analyst, '#/nowhere')).toBe('#/');
  });

  test('an analyst on the users page an administrator left lands on the home page; their account is kept', () => {
    expect(landingHash(analyst, '#/users/0b7c')).toBe('#/');
    expect(landingHash(analyst, '#/groups')).toBe('#/');
    expect(landingHash(analyst, '#/account')).toBeNull();
  });

  test('the link an MCP answer gives a person to connect (#/connections) survives signing in, whatever the role', () => {
    const nobody = makeAuth({ name: 'p', role: 'no role', capabilities: [], prefix: '' }, () => undefined);
    expect(landingHash(nobody, '#/connections')).toBeNull();
    expect(landingHash(analyst, '#/connections')).toBeNull();
  });

  test('a page the role may see is kept, with its filters', () => {
    expect(landingHash(analyst, '#/logs?status=error&call=7')).toBeNull();
    expect(landingHash(analyst, '#/health')).toBeNull();
    expect(landingHash(analyst, '')).toBeNull();
    expect(landingHash(admin, '#/keys')).toBeNull();
  });

  test('manage_options sees every section, an analyst only analytics and health', () => {
    const sections = [
      'dashboard',
      'servers',
      'logs',
      'settings',
      'keys',
      'users',
      'groups',
      'health',
      'account',
    ];
    expect(sections.filter((s) => canSee(admin, s))).toEqual(sections);
    expect(sections.filter((s) => canSee(analyst, s))).toEqual(['dashboard', 'logs', 'health', 'account']);
  });
});
